import { Worker } from "node:worker_threads";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { UploadRead } from "./readUpload";
import { uploadAssembler, type UploadMessage } from "./uploadMessages";
import type { UploadJob } from "./uploadWorker";

// Uploads are read (the multipart form, the JSON, every entry checked) in a worker thread, so the
// server's event loop — the health check, pages, live terminals — never waits seconds behind them.
// Only server.ts makes one: Next bundles route code, and a bundle cannot start a worker from a
// TypeScript file; the worker loads its TypeScript through tsx's API, as the server itself does.

export interface UploadReader {
  /** The body read up to `limit` bytes (null past it: the rest is not read), then decoded and checked. */
  read(body: ReadableStream<Uint8Array> | null, type: string, limit: number): Promise<UploadRead | null>;
  close(): Promise<void>;
}

interface Pending {
  assemble: ReturnType<typeof uploadAssembler>;
  resolve(r: UploadRead): void;
  reject(err: Error): void;
}

function startWorker(): Worker {
  const tsx = createRequire(import.meta.url).resolve("tsx/cjs/api");
  const entry = fileURLToPath(new URL("./uploadWorker.ts", import.meta.url));
  return new Worker(`require(${JSON.stringify(tsx)}).require(${JSON.stringify(entry)}, ${JSON.stringify(entry)})`, {
    eval: true,
  });
}

/**
 * One worker, started at once (loading its TypeScript takes a second or more of CPU, which the first
 * upload should not wait for) and again after one that died (the uploads it held fail with the reason).
 */
export function createUploadReader(): UploadReader {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, Pending>();
  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const workerOf = (): Worker => {
    if (worker) return worker;
    const w = startWorker();
    w.unref(); // a server stops by process.exit; a test's process need not wait for it
    w.on("message", ({ id, ...m }: UploadMessage & { id: number }) => {
      const p = pending.get(id);
      if (!p) return;
      try {
        const done = p.assemble.add(m as UploadMessage);
        if (done) {
          pending.delete(id);
          p.resolve(done);
        }
      } catch (err) {
        pending.delete(id);
        p.reject(err as Error);
      }
    });
    w.on("error", (err) => failAll(new Error(`the upload reader failed: ${err.message}`)));
    w.on("exit", (code) => {
      if (worker === w) worker = null;
      failAll(new Error(`the upload reader stopped (exit code ${code})`));
    });
    return (worker = w);
  };
  workerOf();
  return {
    async read(body, type, limit) {
      const id = nextId++;
      const w = workerOf();
      const result = new Promise<UploadRead>((resolve, reject) =>
        pending.set(id, { assemble: uploadAssembler(), resolve, reject }),
      );
      result.catch(() => {}); // a body refused as too large is never read
      // Each piece goes to the worker as it comes, moved rather than copied when it owns its whole
      // buffer: this thread never holds (nor allocates) the whole body.
      const send = (job: UploadJob, piece?: Uint8Array) => {
        const whole =
          piece && piece.byteOffset === 0 && piece.byteLength === piece.buffer.byteLength && piece.buffer instanceof ArrayBuffer;
        w.postMessage(job, whole ? [piece.buffer as ArrayBuffer] : []);
      };
      const drop = () => {
        pending.delete(id);
        send({ id, kind: "drop" });
      };
      const reader = body?.getReader();
      let size = 0;
      for (;;) {
        let next;
        try {
          next = await reader?.read();
        } catch (err) {
          drop(); // the sender went away mid-body
          throw err;
        }
        if (!next || next.done) break;
        size += next.value.byteLength;
        if (size > limit) {
          await reader!.cancel().catch(() => {});
          drop();
          return null;
        }
        send({ id, kind: "piece", piece: next.value }, next.value);
      }
      send({ id, kind: "end", type });
      return result;
    },
    async close() {
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}
