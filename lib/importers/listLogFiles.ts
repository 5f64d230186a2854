import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The .json files named, with folders expanded recursively (sorted), for `plateau import DIR`. */
export function listLogFiles(paths: string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    if (statSync(p).isDirectory()) {
      const inner = readdirSync(p)
        .sort()
        .map((n) => path.join(p, n));
      out.push(...listLogFiles(inner.filter((f) => statSync(f).isDirectory() || f.endsWith(".json"))));
    } else {
      out.push(p);
    }
  }
  return out;
}
