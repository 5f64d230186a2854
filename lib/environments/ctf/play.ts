import type { PlayableEnvironment } from "../../sessions/console";
import { bashConsole } from "../bash/console";
import { createInterCodeExecutor } from "../bash/interCodeExecutor";
import { ctfPlayability } from "./playability";
import { ctfArgv } from "./ctfArgv";
import { createCtfScorer } from "./scorer";
import { CTF_IMAGE, ctfDir, ctfTaskIdOf } from "./tasks";

/**
 * CTF played live: InterCode's CTF environment is its Bash environment with the challenge files at
 * /ctf/{id} (docker/ctf). The console is Bash's login shell, started in the task's folder; agents'
 * `intercode` actions start there too, run as InterCode's CTF environment ran them (ctfArgv); the score is the flag's (scorer.ts).
 */
export const ctfPlayable: PlayableEnvironment = {
  image: () => CTF_IMAGE,
  // docker/ctf/bashrc moves the shell there (the drivers start every console at /).
  consoleEnv: (task) => ({ PLATEAU_START_DIR: ctfDir(ctfTaskIdOf(task)) }),
  console: bashConsole,
  scorer: (task, _takeSandbox, rules) => createCtfScorer(task, rules),
  executor: (sandbox, task) => createInterCodeExecutor(sandbox, ctfDir(ctfTaskIdOf(task)), ctfArgv),
  goldActions: (gold) => [`submit ${gold}`],
  unplayable: (task) => {
    const p = ctfPlayability({ taskId: ctfTaskIdOf(task), query: task.query });
    return p.ok ? null : p.reason;
  },
};
