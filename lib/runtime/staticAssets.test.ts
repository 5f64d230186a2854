import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticAssets } from "./staticAssets";

// A real HTTP server over a build folder of its own: what a browser gets for the build's files, and
// that everything else (made-up names, paths out of the folder, other methods) is left to Next.js.

const script = `console.log(${JSON.stringify("plateau ".repeat(2000))});\n`;
let dir: string;
let server: Server;
let base: string;
const passed: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "plateau-assets-"));
  mkdirSync(path.join(dir, "static/chunks"), { recursive: true });
  writeFileSync(path.join(dir, "static/chunks/app-1a2b.js"), script);
  writeFileSync(path.join(dir, "static/chunks/tiny.css"), "a{}");
  writeFileSync(path.join(dir, "secret.txt"), "not under static");
  const assets = staticAssets(dir);
  await assets.warm();
  server = createServer((req, res) => {
    void assets.serve(req, res).then((done) => {
      if (done) return;
      passed.push(`${req.method} ${req.url}`);
      res.writeHead(404).end("next.js");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

/** node:http, not fetch: fetch would decompress and hide what was sent. */
function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(`${base}${url}`, { method, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
      });
      req.on("error", reject);
      req.end();
    },
  );
}

describe("the build's files, compressed once", () => {
  it("sends brotli to a browser that takes it, gzip to one that takes only gzip, plain bytes otherwise", async () => {
    const br = await get("/_next/static/chunks/app-1a2b.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await get("/_next/static/chunks/app-1a2b.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get("/_next/static/chunks/app-1a2b.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("answers a revalidation with 304 and a HEAD with the headers alone", async () => {
    const first = await get("/_next/static/chunks/app-1a2b.js");
    const again = await get("/_next/static/chunks/app-1a2b.js", { "if-none-match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get("/_next/static/chunks/app-1a2b.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  it("does not compress what is too small to gain", async () => {
    const css = await get("/_next/static/chunks/tiny.css", { "accept-encoding": "br" });
    expect(css.headers["content-encoding"]).toBeUndefined();
    expect(css.body.toString()).toBe("a{}");
  });

  it("leaves made-up names, paths out of the folder, other prefixes and other methods to Next.js", async () => {
    passed.length = 0;
    for (const url of [
      "/_next/static/chunks/nope.js",
      "/_next/static/..%2fsecret.txt",
      "/_next/static/%2e%2e/secret.txt",
      "/_next/static/%E0%A4%A",
      "/secret.txt",
    ])
      expect((await get(url)).body.toString()).toBe("next.js");
    expect((await get("/_next/static/chunks/app-1a2b.js", {}, "POST")).body.toString()).toBe("next.js");
    expect(passed).toHaveLength(6);
  });
});
