/** One entry of `git status --porcelain=v1 -z`: the path (exact, relative to /) and its status code. */
export interface FsChange {
  path: string;
  /** The two-letter XY code with spaces removed: "M", "D", "A", "??", "R", "MM", … */
  status: string;
}

/**
 * Parse `git status --porcelain=v1 -z` output. With -z, paths are not quoted or escaped, so names
 * with spaces, quotes or newlines come through exactly; a rename carries its old path as an extra field.
 */
export function parseGitStatusZ(out: string): FsChange[] {
  const fields = out.split("\0");
  const changes: FsChange[] = [];
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i];
    if (f.length < 4) continue;
    const xy = f.slice(0, 2);
    changes.push({ path: f.slice(3), status: xy.replace(/ /g, "") });
    if (xy[0] === "R" || xy[0] === "C") i++; // skip the original path
  }
  return changes;
}
