import type { Environment, EnvironmentName } from "./types";
import type { PlayableEnvironment } from "../sessions/console";
import { loadBashTasks } from "./bash/tasks";
import { bashPlayable } from "./bash/play";
import { loadSqlTasks } from "./sql/tasks";
import { sqlPlayable } from "./sql/play";
import { loadPythonTasks } from "./python/tasks";
import { pythonPlayable } from "./python/playable";
import { loadCtfTasks } from "./ctf/tasks";
import { ctfPlayable } from "./ctf/play";

export * from "./types";
export { bashImage, BASH_DATASETS } from "./bash/tasks";

export const environments: Record<EnvironmentName, Environment> = {
  bash: {
    name: "bash",
    title: "Bash",
    description: "NL2Bash tasks on four prepared file systems; scored by file-system diff and output similarity.",
    playable: { ok: true },
    loadTasks: loadBashTasks,
    live: bashPlayable,
  },
  sql: {
    name: "sql",
    title: "SQL",
    description: "Spider dev questions over 20 databases; scored by row overlap and order.",
    playable: { ok: true },
    loadTasks: loadSqlTasks,
    live: sqlPlayable,
  },
  python: {
    name: "python",
    title: "Python",
    description:
      "MBPP function-writing tasks in a Python console; scored by InterCode's share of tests passed and by µCode's public-then-private tests.",
    playable: { ok: true },
    loadTasks: loadPythonTasks,
    live: pythonPlayable,
  },
  ctf: {
    name: "ctf",
    title: "CTF",
    description:
      "picoCTF challenges in a shell with their files; scored by the flag. Tasks that need a picoCTF server or a missing file say so.",
    playable: { ok: true },
    howToSubmit:
      "Every command you run is one turn. When you have the flag, type submit picoCTF{…} at the prompt: a wrong flag scores 0 and you go on (it takes a turn). Submit without a flag scores 0.",
    loadTasks: loadCtfTasks,
    live: ctfPlayable,
  },
};

/** Whether one task can be played live, and if not why: its environment's word, then the task's own (CTF: files, network). */
export function taskPlayability(task: { environment: string; query: string; extra: unknown }): Environment["playable"] {
  const env = environments[task.environment as EnvironmentName];
  if (!env) return { ok: false, reason: `unknown environment ${task.environment}` };
  if (!env.playable.ok) return env.playable;
  const why = env.live?.unplayable?.(task);
  return why ? { ok: false, reason: why } : { ok: true };
}

/** The environments that play live, by name: what the session manager opens episodes of. */
export function liveEnvironments(): Partial<Record<EnvironmentName, PlayableEnvironment>> {
  return Object.fromEntries(Object.values(environments).flatMap((e) => (e.live ? [[e.name, e.live]] : [])));
}
