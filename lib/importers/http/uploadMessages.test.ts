import { describe, expect, it } from "vitest";
import { ImportError } from "../ImportError";
import type { ImportedEpisode, ParsedLog } from "../types";
import { toMessages, uploadAssembler, type UploadMessage } from "./uploadMessages";
import type { UploadRead } from "./readUpload";

const episode = (i: number) =>
  ({
    entry: String(i),
    dataset: "nl2bash_fs_1",
    taskIndex: i,
    turns: 1,
    errorRate: null,
    turnLimit: 10,
    steps: [],
    score: { reward: 1, success: true, maxRewardIdx: 0, solvedAtTurn: 1, breakdown: {} },
  }) as ImportedEpisode;
const log = (file: string, n: number): ParsedLog => ({
  file,
  hash: file,
  variant: "experiment",
  environment: "bash",
  playerKind: "agent",
  model: null,
  strategy: null,
  turnLimit: 10,
  baseName: file,
  meta: null,
  episodes: Array.from({ length: n }, (_, i) => episode(i)),
});

function roundTrip(read: UploadRead, perMessage: number): { messages: UploadMessage[]; back: UploadRead } {
  const messages = [...toMessages(read, perMessage)];
  // Through a structured clone, as between threads.
  const assemble = uploadAssembler();
  let back: UploadRead | null = null;
  for (const m of messages) back = assemble.add(structuredClone(m));
  return { messages, back: back! };
}

describe("an upload read in the worker, on its way to the server's thread", () => {
  it("comes back whole: every log with all its episodes in order, each message holding a few of them, and the refused files with their reasons", () => {
    const read: UploadRead = {
      ok: true,
      options: { run: "r", turns: 10 },
      parsed: [log("a.json", 5), log("b.json", 0), log("c.json", 2)],
      rejected: [new ImportError("d.json", "3", "not an entry")],
    };
    const { messages, back } = roundTrip(read, 2);
    expect(Math.max(...messages.map((m) => (m.kind === "episodes" ? m.episodes.length : 0)))).toBe(2);
    expect(back).toEqual(read);
    expect(back.ok && back.rejected[0]).toBeInstanceOf(ImportError);
    expect(back.ok && back.rejected[0].message).toBe('d.json: entry "3": not an entry');
  });

  it("a refused body is one message; a failure in the worker is an error on the server's side", () => {
    expect(roundTrip({ ok: false, status: 415, error: "send JSON" }, 2)).toEqual({
      messages: [{ kind: "refused", status: 415, error: "send JSON" }],
      back: { ok: false, status: 415, error: "send JSON" },
    });
    expect(() => uploadAssembler().add({ kind: "failed", error: "out of memory" })).toThrow("out of memory");
  });
});
