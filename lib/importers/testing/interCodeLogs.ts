import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ImportFile } from "../importLogs";
import { listLogFiles } from "../listLogFiles";

/**
 * InterCode's real logs for tests and benchmarks: ../shared/datasets/intercode/logs (as the issue
 * names them), else the copy in data/intercode/logs.
 */
export function interCodeLogsDir(): string {
  const shared = path.resolve("../shared/datasets/intercode/logs");
  return existsSync(shared) ? shared : path.resolve("data/intercode/logs");
}

/** The log files under a folder of the logs dir (e.g. "sql/gpt-3.5"), named by their path inside it. */
export function interCodeLogs(...under: string[]): ImportFile[] {
  const root = interCodeLogsDir();
  const dirs = under.length ? under.map((u) => path.join(root, u)) : [root];
  return listLogFiles(dirs).map((f) => ({ name: path.relative(root, f), content: readFileSync(f) }));
}

/** The same logs n times over with different bytes (JSON allows trailing whitespace), so none is "already imported". */
export function interCodeLogCopies(files: ImportFile[], n: number): ImportFile[] {
  return Array.from({ length: n }, (_, i) =>
    files.map((f) => ({
      name: `copy${i}/${f.name}`,
      content: Buffer.concat([Buffer.from(f.content as Uint8Array), Buffer.from(" ".repeat(i + 1))]),
    })),
  ).flat();
}
