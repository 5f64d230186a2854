import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { z } from "zod";

// Every request body has a size limit, checked in front of Next.js from the headers alone, so an
// oversized body is refused before any of it is read: 413 with the limit and its setting, and the
// connection is closed (Node would otherwise read the rest to keep the connection alive).
// A body without a Content-Length (chunked) is refused with 411: its size is only known by reading
// it, and counting bytes alongside Next.js is not safe (a 'data' listener here would take the data
// before Next's handler reads it). Browsers, fetch, curl and the CLI all send Content-Length.
// socket.io's own requests are left to it: its maxHttpBufferSize (1 MB, server.ts) bounds them.

export const DEFAULT_BODY_BYTES = 1024 * 1024;
/** Uploaded logs (InterCode's largest is 3.9 MB); bigger ones go through `npx plateau import`. */
export const DEFAULT_IMPORT_BYTES = 32 * 1024 * 1024;

export interface BodyLimits {
  defaultBytes: number;
  importBytes: number;
}

const Bytes = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{0,15}$/);

/** The limits from PLATEAU_MAX_BODY_BYTES and PLATEAU_MAX_IMPORT_BYTES; throws with a message on a bad value. */
export function bodyLimitsFromEnv(env: Record<string, string | undefined> = process.env): BodyLimits {
  const read = (name: string, fallback: number) => {
    const value = env[name];
    if (value === undefined || value.trim() === "") return fallback;
    if (!Bytes.safeParse(value).success)
      throw new Error(`${name} must be a whole number of bytes (e.g. ${fallback}), not ${JSON.stringify(value)}`);
    return Number(value);
  };
  return {
    defaultBytes: read("PLATEAU_MAX_BODY_BYTES", DEFAULT_BODY_BYTES),
    importBytes: read("PLATEAU_MAX_IMPORT_BYTES", DEFAULT_IMPORT_BYTES),
  };
}

export interface RouteLimit {
  bytes: number;
  setting: string;
  hint: string | null;
}

export function bodyLimitFor(pathname: string, limits: BodyLimits): RouteLimit {
  if (pathname === "/api/imports" || pathname.startsWith("/api/imports/")) {
    return {
      bytes: limits.importBytes,
      setting: "PLATEAU_MAX_IMPORT_BYTES",
      hint: "Import big logs with: npx plateau import FILE",
    };
  }
  return { bytes: limits.defaultBytes, setting: "PLATEAU_MAX_BODY_BYTES", hint: null };
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Parsed as a URL so that dot segments cannot borrow the imports' limit (/api/imports/../tokens). */
function pathnameOf(url: string | undefined): string {
  try {
    return new URL(url ?? "/", "http://plateau").pathname;
  } catch {
    return "/"; // not a URL (Node lets "http://[x" through): the default limit
  }
}

/** The refusal for a request's headers, or null when its body may be read. */
export function bodyRefusal(
  url: string | undefined,
  headers: IncomingMessage["headers"],
  limits: BodyLimits,
): { status: 411 | 413; error: string } | null {
  const pathname = pathnameOf(url);
  if (headers["transfer-encoding"] !== undefined) {
    return {
      status: 411,
      error:
        "the request body must declare its length (Content-Length): bodies sent in chunks are refused, because a body's size is checked before it is read",
    };
  }
  const length = Number(headers["content-length"] ?? 0);
  const limit = bodyLimitFor(pathname, limits);
  if (length <= limit.bytes) return null;
  return {
    status: 413,
    error: `the request body is too large: ${mb(length)} (${length} bytes); the limit for ${pathname} is ${mb(limit.bytes)} (${limit.bytes} bytes, ${limit.setting})${limit.hint ? `. ${limit.hint}` : ""}`,
  };
}

const isSocketIo = (req: IncomingMessage) => req.url?.startsWith("/socket.io/") ?? false;

/** Answers a request whose body is refused (and closes its connection); true when it did. */
function refuse(req: IncomingMessage, res: ServerResponse, limits: BodyLimits): boolean {
  const refusal = bodyRefusal(req.url, req.headers, limits);
  if (!refusal) return false;
  const body = JSON.stringify({ error: refusal.error });
  res
    .writeHead(refusal.status, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
      connection: "close",
    })
    .end(body);
  return true;
}

/**
 * Puts the limits in front of `handle` (Next.js) for every request but socket.io's. A client that
 * asks first (Expect: 100-continue, as curl does for big uploads) is refused before it sends anything.
 */
export function limitBodies(
  server: Server,
  limits: BodyLimits,
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): void {
  server.on("request", (req, res) => {
    if (isSocketIo(req) || refuse(req, res, limits)) return;
    handle(req, res);
  });
  server.on("checkContinue", (req, res) => {
    if (!isSocketIo(req) && refuse(req, res, limits)) return;
    // What Node does when nobody listens for checkContinue.
    res.writeContinue();
    server.emit("request", req, res);
  });
}
