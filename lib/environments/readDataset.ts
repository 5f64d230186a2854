import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** Read and validate one dataset file; a bad file names itself and the first bad entry. */
export function readDataset<T extends z.ZodType>(dataDir: string, file: string, entry: T): z.infer<T>[] {
  const full = path.join(dataDir, file);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(full, "utf8"));
  } catch (err) {
    throw new Error(`dataset ${file}: cannot read JSON (${(err as Error).message})`);
  }
  const parsed = z.array(entry).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`dataset ${file}: entry ${issue.path.join(".")}: ${issue.message}`);
  }
  return parsed.data;
}
