import { shlexSplit, ShlexError } from "../bash/shlexSplit";
import type { BashArgv } from "../bash/intercodeArgv";

/**
 * The argv InterCode's CTF environment ran for an action (CTFEnv.clean_cmd, then docker-py's shlex
 * split of the string): `python3 -c …` / `python -c …` as written; anything else wrapped in
 * `/bin/bash -c '…'` with its single quotes escaped, which the split turns back into the action
 * itself, trimmed. (Bash's environment wrapped in double quotes instead, which loses quoting:
 * lib/environments/bash/intercodeArgv.ts.)
 */
export function ctfArgv(command: string): BashArgv {
  const text = command.trim();
  if (!/^python3? -c/.test(text)) return { argv: ["/bin/bash", "-c", text] };
  try {
    return { argv: shlexSplit(command) };
  } catch (e) {
    if (e instanceof ShlexError) return { malformed: e.message };
    throw e;
  }
}
