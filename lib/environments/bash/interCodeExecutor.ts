import type { Sandbox } from "../../sandbox/types";
import type { ActionExecutor } from "../../sessions/ActionExecutor";
import { execAsInterCode } from "./execAsInterCode";
import { bashArgv, MALFORMED, planAction, TIMED_OUT, type BashArgv } from "./intercodeArgv";

// Bash actions in `intercode` execution, as InterCode's BashEnv.exec_action ran them: each one a
// fresh `bash -c` (docker-py's argv) as root with stdin at end-of-file; nothing survives between
// actions but the working directory, and that only through actions that start with `cd`.

/**
 * `startDir`: where the first action runs (Bash: /; CTF: the task's folder). `argvOf`: the process
 * InterCode made of a command (Bash's double-quoted `bash -c`; CTF's own, lib/environments/ctf/ctfArgv.ts).
 */
export function createInterCodeExecutor(
  sandbox: Sandbox,
  startDir = "/",
  argvOf: (command: string) => BashArgv = (c) => bashArgv(c, "intercode"),
): ActionExecutor {
  let cwd = startDir;
  return async (action, timeoutMs) => {
    const planned = planAction(action, cwd);
    const argv = "malformed" in planned ? planned : argvOf(planned.command);
    if ("malformed" in planned || "malformed" in argv)
      return { observation: MALFORMED, exitCode: null, timedOut: false, truncated: false, prompt: promptAt(cwd) };
    const r = await execAsInterCode(sandbox, argv.argv, planned.workdir, timeoutMs);
    if (r.exitCode === 0 && !r.timedOut) cwd = planned.cwdOnSuccess;
    return {
      observation: r.timedOut ? TIMED_OUT : r.output,
      exitCode: r.exitCode,
      timedOut: r.timedOut,
      truncated: r.truncated,
      prompt: promptAt(cwd),
    };
  };
}

const promptAt = (cwd: string) => `\x1b[2m[intercode]\x1b[0m root:${cwd}# `;
