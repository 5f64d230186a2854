import { ImportError } from "../ImportError";
import type { ImportedEpisode, ParsedLog } from "../types";
import type { UploadRead } from "./readUpload";

// What an upload read in the worker thread becomes on its way to the server's thread: a log's
// episodes go a few at a time, because each message is decoded in one turn of the event loop
// there (a 32 MB log in one message would hold it as long as parsing it did).

export const EPISODES_PER_MESSAGE = 200;

export type UploadMessage =
  | { kind: "refused"; status: 400 | 415; error: string }
  | { kind: "log"; log: Omit<ParsedLog, "episodes"> }
  | { kind: "episodes"; episodes: ImportedEpisode[] }
  | {
      kind: "done";
      options: Extract<UploadRead, { ok: true }>["options"];
      rejected: { file: string; entry: string | null; reason: string }[];
    }
  | { kind: "failed"; error: string };

export function* toMessages(read: UploadRead, perMessage = EPISODES_PER_MESSAGE): Generator<UploadMessage> {
  if (!read.ok) {
    yield { kind: "refused", status: read.status, error: read.error };
    return;
  }
  for (const { episodes, ...log } of read.parsed) {
    yield { kind: "log", log };
    for (let at = 0; at < episodes.length; at += perMessage)
      yield { kind: "episodes", episodes: episodes.slice(at, at + perMessage) };
  }
  yield {
    kind: "done",
    options: read.options,
    rejected: read.rejected.map((e) => ({ file: e.file, entry: e.entry, reason: e.reason })),
  };
}

/** Puts an upload's messages back together: `add` each, in order; the upload read once it returns one. */
export function uploadAssembler(): { add(m: UploadMessage): UploadRead | null } {
  const parsed: ParsedLog[] = [];
  return {
    add(m) {
      switch (m.kind) {
        case "refused":
          return { ok: false, status: m.status, error: m.error };
        case "log":
          parsed.push({ ...m.log, episodes: [] });
          return null;
        case "episodes":
          parsed.at(-1)!.episodes.push(...m.episodes);
          return null;
        case "done":
          return {
            ok: true,
            options: m.options,
            parsed,
            rejected: m.rejected.map((r) => new ImportError(r.file, r.entry, r.reason)),
          };
        case "failed":
          throw new Error(m.error);
      }
    },
  };
}
