import { createServer, type IncomingMessage, type Server } from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { bodyLimitsFromEnv, bodyRefusal, limitBodies, type BodyLimits } from "./bodyLimit";

// A real HTTP server with the limits in front of a handler that reads whole bodies (as Next.js
// does), driven over raw sockets so a test can send headers and then only a few bytes.

const limits: BodyLimits = { defaultBytes: 1024 * 1024, importBytes: 32 * 1024 * 1024 };
let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => (server ? server.close(r) : r(null)));
  server = null;
});

/** The server, what its handler read, and how many bytes its connections read in all. */
async function start() {
  const handled: { url: string; bytes: number }[] = [];
  const sockets: net.Socket[] = [];
  server = createServer();
  server.on("connection", (s) => sockets.push(s));
  limitBodies(server, limits, (req: IncomingMessage, res) => {
    let bytes = 0;
    req.on("data", (c: Buffer) => (bytes += c.length));
    req.on("end", () => {
      handled.push({ url: req.url!, bytes });
      const body = JSON.stringify({ bytes });
      res.writeHead(200, { "content-type": "application/json", "content-length": body.length }).end(body);
    });
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return { port, handled, bytesRead: () => sockets.reduce((n, s) => n + s.bytesRead, 0) };
}

/** Sends `head` then `body`, and resolves with what came back once the server closes the connection (or after `ms`). */
function exchange(
  port: number,
  head: string,
  body = "",
  ms = 2000,
): Promise<{ text: string; closedByServer: boolean; elapsedMs: number }> {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const s = net.connect(port, "127.0.0.1", () => s.write(head + body));
    let text = "";
    const timer = setTimeout(() => {
      s.destroy();
      resolve({ text, closedByServer: false, elapsedMs: Date.now() - t0 });
    }, ms);
    s.on("data", (c) => (text += c.toString("latin1")));
    s.on("end", () => {
      clearTimeout(timer);
      s.destroy();
      resolve({ text, closedByServer: true, elapsedMs: Date.now() - t0 });
    });
    s.on("error", reject);
  });
}

const post = (path: string, headers: Record<string, string | number>) =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;
const json = (text: string) => JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4));

describe("request body limits in front of Next.js", () => {
  it("answers a 1 GB Content-Length with 413 at once, without reading the body, and closes the connection", async () => {
    const s = await start();
    const r = await exchange(s.port, post("/api/agent-runs", { "Content-Length": 1024 ** 3 }), '{"policy":"gold"');
    expect(r.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(r.text).toMatch(/\r\nConnection: close\r\n/i);
    expect(json(r.text).error).toBe(
      "the request body is too large: 1024.0 MB (1073741824 bytes); the limit for /api/agent-runs is 1.0 MB (1048576 bytes, PLATEAU_MAX_BODY_BYTES)",
    );
    expect(r.closedByServer).toBe(true);
    expect(r.elapsedMs).toBeLessThan(1000);
    expect(s.handled).toEqual([]); // the handler never saw it
    expect(s.bytesRead()).toBeLessThan(1024); // the headers and the few bytes sent, nothing more
  });

  it("gives imports their own, larger limit, and says how to import bigger logs", async () => {
    const s = await start();
    const big = "x".repeat(2 * 1024 * 1024);
    const ok = await exchange(s.port, post("/api/imports", { "Content-Length": big.length, Connection: "close" }), big);
    expect(ok.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(s.handled).toEqual([{ url: "/api/imports", bytes: big.length }]);
    const over = await exchange(s.port, post("/api/imports", { "Content-Length": 32 * 1024 * 1024 + 1 }));
    expect(json(over.text).error).toMatch(
      /the limit for \/api\/imports is 32\.0 MB \(33554432 bytes, PLATEAU_MAX_IMPORT_BYTES\)\. Import big logs with: npx plateau import FILE$/,
    );
    // Dot segments cannot lend another route the imports' limit.
    const sneaky = await exchange(s.port, post("/api/imports/../tokens", { "Content-Length": big.length }), "{}");
    expect(sneaky.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(json(sneaky.text).error).toMatch(/the limit for \/api\/tokens is 1\.0 MB/);
    // A target that is not a URL gets the default limit (and does not bring the server down).
    const odd = await exchange(s.port, post("http://[x/api/imports", { "Content-Length": big.length }), "{}");
    expect(json(odd.text).error).toMatch(/the limit for \/ is 1\.0 MB/);
  });

  it("lets bodies within the limit through, up to the last byte", async () => {
    const s = await start();
    const body = "y".repeat(limits.defaultBytes);
    const r = await exchange(s.port, post("/api/tokens", { "Content-Length": body.length, Connection: "close" }), body);
    expect(r.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(json(r.text)).toEqual({ bytes: limits.defaultBytes });
    const get = await exchange(s.port, "GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(get.text).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("refuses a chunked body (no Content-Length) with 411 before reading it", async () => {
    const s = await start();
    const r = await exchange(s.port, post("/api/agent-runs", { "Transfer-Encoding": "chunked" }), "5\r\nhello\r\n");
    expect(r.text).toMatch(/^HTTP\/1\.1 411 /);
    expect(json(r.text).error).toMatch(/^the request body must declare its length \(Content-Length\)/);
    expect(r.closedByServer).toBe(true);
    expect(s.handled).toEqual([]);
  });

  it("refuses a client that asks first (Expect: 100-continue) before it sends the body, and continues the others", async () => {
    const s = await start();
    const refused = await exchange(s.port, post("/api/imports", { "Content-Length": 1024 ** 3, Expect: "100-continue" }));
    expect(refused.text).toMatch(/^HTTP\/1\.1 413 /); // no "100 Continue" first
    expect(refused.closedByServer).toBe(true);
    const asked = await new Promise<string>((resolve) => {
      const sock = net.connect(s.port, "127.0.0.1", () =>
        sock.write(post("/api/tokens", { "Content-Length": 2, Expect: "100-continue", Connection: "close" })),
      );
      let text = "";
      sock.on("data", (c) => {
        text += c.toString("latin1");
        if (text === "HTTP/1.1 100 Continue\r\n\r\n") sock.write("{}");
      });
      sock.on("end", () => resolve(text));
    });
    expect(asked).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    expect(s.handled).toEqual([{ url: "/api/tokens", bytes: 2 }]);
  });

  it("leaves socket.io's requests to socket.io", async () => {
    const s = await start();
    const r = await exchange(s.port, post("/socket.io/?EIO=4&transport=polling", { "Content-Length": 1024 ** 3 }), "", 300);
    expect(r.text).toBe(""); // nobody here answers it; in server.ts, socket.io does
    expect(s.handled).toEqual([]);
  });
});

describe("body limit settings", () => {
  it("reads PLATEAU_MAX_BODY_BYTES and PLATEAU_MAX_IMPORT_BYTES, and refuses what is not a number of bytes", () => {
    expect(bodyLimitsFromEnv({})).toEqual({ defaultBytes: 1048576, importBytes: 33554432 });
    expect(bodyLimitsFromEnv({ PLATEAU_MAX_BODY_BYTES: "2048", PLATEAU_MAX_IMPORT_BYTES: "100000000" })).toEqual({
      defaultBytes: 2048,
      importBytes: 100000000,
    });
    expect(() => bodyLimitsFromEnv({ PLATEAU_MAX_BODY_BYTES: "1MB" })).toThrow(
      'PLATEAU_MAX_BODY_BYTES must be a whole number of bytes (e.g. 1048576), not "1MB"',
    );
    expect(() => bodyLimitsFromEnv({ PLATEAU_MAX_IMPORT_BYTES: "0" })).toThrow(/PLATEAU_MAX_IMPORT_BYTES must be a whole number/);
    expect(
      bodyRefusal("/api/tokens", { "content-length": "2049" }, bodyLimitsFromEnv({ PLATEAU_MAX_BODY_BYTES: "2048" })),
    ).toMatchObject({ status: 413 });
  });
});
