import type { ZodError } from "zod";

/** A 400 that says which field is wrong and why. */
export function badRequest(error: ZodError | string): Response {
  const message =
    typeof error === "string" ? error : error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ");
  return Response.json({ error: message }, { status: 400 });
}

export function notFound(what: string): Response {
  return Response.json({ error: `${what} not found` }, { status: 404 });
}

/**
 * A request's or response's body, or null once it passes `cap` bytes (the stream is cancelled at
 * that point, so a huge body is never held whole).
 */
export async function readCapped(body: ReadableStream<Uint8Array> | null, cap: number): Promise<Buffer | null> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
