import type { Sandbox } from "../../sandbox/types";
import { parseGitStatusZ, type FsChange } from "./gitStatus";

// What the Bash reward needs from a sandbox: which paths changed since the image's commit, and a
// content hash of each (md5 for a file, a hash over every file's md5 for a folder), as InterCode
// compares them — collected with two execs as root, whatever the player did to permissions.

export interface FsState {
  changes: FsChange[];
  hashes: Record<string, string>;
}

const HASH_SCRIPT = `cd / || exit 1
while IFS= read -r -d '' p; do
  if [ -d "$p" ]; then
    h=$(cd "$p" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 -r md5sum | md5sum | cut -d' ' -f1)
  elif [ -f "$p" ]; then
    h=$(md5sum < "$p" | cut -d' ' -f1)
  else
    h=-
  fi
  printf '%s\\t%s\\0' "$h" "$p"
done`;

export async function collectState(sandbox: Sandbox): Promise<FsState> {
  const status = await sandbox.exec(["git", "-C", "/", "status", "--porcelain=v1", "-z", "--untracked-files=normal"], {
    user: "root",
    timeoutMs: 10_000,
  });
  if (status.exitCode !== 0)
    throw new Error(`git status failed in the sandbox: ${status.stderr.trim() || `exit ${status.exitCode}`}`);
  const changes = parseGitStatusZ(status.stdout);
  const hashes: Record<string, string> = {};
  if (changes.length === 0) return { changes, hashes };
  const res = await sandbox.exec(["bash", "-c", HASH_SCRIPT], {
    user: "root",
    timeoutMs: 20_000,
    stdin: changes.map((c) => c.path).join("\0") + "\0",
  });
  for (const entry of res.stdout.split("\0")) {
    const tab = entry.indexOf("\t");
    if (tab > 0 && entry.slice(0, tab) !== "-") hashes[entry.slice(tab + 1)] = entry.slice(0, tab);
  }
  return { changes, hashes };
}
