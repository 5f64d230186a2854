import type { IncomingMessage, ServerResponse } from "node:http";

// A Node request as a Fetch Request, and a Fetch Response written to a Node response: for the few
// handlers server.ts answers itself (the routes' checks in lib/auth read Fetch headers).

export async function readRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
    method: req.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
}

export async function writeResponse(res: ServerResponse, r: Response): Promise<void> {
  if (res.headersSent) return void res.end();
  res.writeHead(r.status, Object.fromEntries(r.headers));
  res.end(Buffer.from(await r.arrayBuffer()));
}
