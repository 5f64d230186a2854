import type { Sandbox } from "../../sandbox/types";

// One command run as InterCode's `container.exec_run(…)` ran it: a plain exec (no TTY, no shell
// state), as root, standard input at end-of-file, stdout and stderr through one pipe so they
// interleave exactly as written, and a time limit (InterCode's 10 s).

export interface InterCodeExec {
  output: string;
  exitCode: number;
  timedOut: boolean;
  truncated: boolean;
}

// sh sets up the descriptors and then becomes the command, so the command's argv is exactly `argv`.
const ONE_PIPE = ["/bin/sh", "-c", 'exec "$@" </dev/null 2>&1', "sh"];

export async function execAsInterCode(
  sandbox: Sandbox,
  argv: string[],
  workdir: string,
  timeoutMs: number,
  maxOutputBytes = 64 * 1024,
): Promise<InterCodeExec> {
  const r = await sandbox.exec([...ONE_PIPE, ...argv], { user: "root", workdir, timeoutMs, maxOutputBytes });
  // stderr holds only what the driver itself says (e.g. a working directory that does not exist).
  return { output: r.stdout + r.stderr, exitCode: r.exitCode, timedOut: r.timedOut, truncated: r.truncated };
}
