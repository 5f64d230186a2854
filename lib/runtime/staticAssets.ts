import type { IncomingMessage, ServerResponse } from "node:http";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

// The build's scripts and styles (`/_next/static/…`), compressed once and kept in memory. Next.js
// compresses each of them again for every request (a fresh page's ten chunks: ~100 ms of this one
// process's CPU, measured), and on two busy cores the last chunk of a replay page waited behind that.
// Names under /_next/static carry their content's hash: a file never changes while it is served.

const PREFIX = "/_next/static/";
const TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".json": "application/json; charset=UTF-8",
  ".map": "application/json; charset=UTF-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=UTF-8",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".png": "image/png",
  ".ico": "image/x-icon",
};
/** Types that are worth compressing (fonts and images already are). */
const TEXT = new Set([".js", ".css", ".json", ".map", ".svg", ".txt"]);
/** Brotli's quality 9: within 8 % of 11's size at a ninth of its time (xterm's chunk: 80 ms). */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } };

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

interface Asset {
  type: string;
  etag: string;
  raw: Buffer;
  br: Buffer | null;
  gzip: () => Promise<Buffer>;
}

export interface StaticAssets {
  /** Answers a GET or HEAD of a built file; false (nothing written) for anything else, for Next.js to answer. */
  serve(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Compresses every built file ahead of its first request (in zlib's thread pool, off the event loop). */
  warm(): Promise<void>;
}

export function staticAssets(distDir: string): StaticAssets {
  const root = path.resolve(distDir, "static");
  // Only files that exist are kept: a request for a made-up name costs one stat, never memory.
  const assets = new Map<string, Promise<Asset | null>>();

  const load = (file: string): Promise<Asset | null> => {
    let p = assets.get(file);
    if (!p) {
      p = readAsset(file);
      assets.set(file, p);
      p.then((a) => a ?? assets.delete(file)).catch(() => assets.delete(file));
    }
    return p;
  };

  return {
    async serve(req, res) {
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      const url = req.url ?? "";
      if (!url.startsWith(PREFIX)) return false;
      let rel: string;
      try {
        rel = decodeURIComponent(url.slice(PREFIX.length).split("?")[0]);
      } catch {
        return false;
      }
      const file = path.resolve(root, rel);
      if (!file.startsWith(root + path.sep)) return false;
      const asset = await load(file).catch(() => null);
      if (!asset) return false;
      const headers: Record<string, string> = {
        "content-type": asset.type,
        "cache-control": "public, max-age=31536000, immutable",
        etag: asset.etag,
        vary: "Accept-Encoding",
      };
      if (req.headers["if-none-match"] === asset.etag) {
        res.writeHead(304, headers).end();
        return true;
      }
      const accepts = String(req.headers["accept-encoding"] ?? "");
      let body = asset.raw;
      if (asset.br && /\bbr\b/.test(accepts)) {
        body = asset.br;
        headers["content-encoding"] = "br";
      } else if (asset.br && /\bgzip\b/.test(accepts)) {
        body = await asset.gzip();
        headers["content-encoding"] = "gzip";
      }
      headers["content-length"] = String(body.length);
      res.writeHead(200, headers);
      res.end(req.method === "HEAD" ? undefined : body);
      return true;
    },
    async warm() {
      for (const file of await listFiles(root)) await load(file).catch(() => null);
    },
  };
}

async function readAsset(file: string): Promise<Asset | null> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  const ext = path.extname(file);
  const raw = await readFile(file);
  let zipped: Promise<Buffer> | null = null;
  return {
    type: TYPES[ext] ?? "application/octet-stream",
    etag: `"${info.size.toString(36)}-${info.mtimeMs.toString(36)}"`,
    raw,
    br: TEXT.has(ext) && raw.length > 1024 ? await brotli(raw, BROTLI) : null,
    gzip: () => (zipped ??= gz(raw, { level: 9 })),
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
