import { parentPort } from "node:worker_threads";
import { readUpload } from "./readUpload";
import { toMessages, type UploadMessage } from "./uploadMessages";

// The worker thread that reads uploads (uploadReader.ts starts it): an upload's body arrives in the
// pieces the server received, and is put together and read here, one upload at a time, in order.

export type UploadJob =
  { id: number; kind: "piece"; piece: Uint8Array } | { id: number; kind: "end"; type: string } | { id: number; kind: "drop" };

const port = parentPort!;
const pieces = new Map<number, Uint8Array[]>();
let previous = Promise.resolve();
port.on("message", (job: UploadJob) => {
  if (job.kind === "piece") {
    const list = pieces.get(job.id);
    if (list) list.push(job.piece);
    else pieces.set(job.id, [job.piece]);
    return;
  }
  const body = Buffer.concat(pieces.get(job.id) ?? []);
  pieces.delete(job.id);
  if (job.kind === "drop") return;
  previous = previous.then(async () => {
    const send = (m: UploadMessage) => port.postMessage({ id: job.id, ...m });
    try {
      for (const m of toMessages(await readUpload(body, job.type))) send(m);
    } catch (err) {
      send({ kind: "failed", error: (err as Error).message || String(err) });
    }
  });
});
