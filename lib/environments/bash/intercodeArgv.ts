import { shlexSplit, ShlexError } from "./shlexSplit";

// How InterCode turned a Bash action (or the gold) into a process, as pure functions: the argv
// docker-py ran, and its emulation of `cd` (the only state carried from one action to the next).

/** `intercode`: the argv InterCode really ran (docker-py's shlex split of `/bin/bash -c "…"`); `plateau`: what the command means. */
export type ArgvMode = "intercode" | "plateau";

/** InterCode's observation when building or running the command raised. */
export const MALFORMED = "Malformed command";
export const TIMED_OUT = "Command timed out";

export type BashArgv = { argv: string[] } | { malformed: string };

export function bashArgv(command: string, mode: ArgvMode): BashArgv {
  // Python's str.strip() and JavaScript's trim() agree on every whitespace a task file holds.
  const text = command.trim();
  if (mode === "plateau") return { argv: ["/bin/bash", "-c", text] };
  try {
    return { argv: shlexSplit(`/bin/bash -c "${text}"`) };
  } catch (e) {
    if (e instanceof ShlexError) return { malformed: e.message };
    throw e;
  }
}

/** InterCode's simplify_path: `changed` resolved against `current` by text alone (no file system). */
export function simplifyPath(current: string, changed: string): string {
  if (!changed) return current;
  const parts: string[] = [];
  for (const seg of `${changed.startsWith("/") ? "" : current}/${changed}`.split("/")) {
    if (seg === "..") parts.pop();
    else if (seg && seg !== ".") parts.push(seg);
  }
  return `/${parts.join("/")}`;
}

/** One action as InterCode ran it from `cwd`: the command, its working directory, and the cwd it leaves on success. */
export type PlannedAction = { command: string; workdir: string; cwdOnSuccess: string } | { malformed: string };

export function planAction(action: string, cwd: string): PlannedAction {
  if (!action.startsWith("cd")) return { command: action, workdir: cwd, cwdOnSuccess: cwd };
  // Any action starting with "cd" is taken for a cd: everything after "cd " is the path, so
  // `cd /testbed && ls` runs from / and leaves "/testbed && ls" as the cwd, as it did in InterCode.
  const at = action.indexOf("cd ");
  // InterCode raised here (a "cd" with no space after it) and the run stopped; we answer as for a bad command.
  if (at < 0) return { malformed: "an action starting with cd has no `cd `" };
  const target = simplifyPath(cwd, action.slice(at + 3).trim());
  return { command: `cd ${target}`, workdir: "/", cwdOnSuccess: target };
}
