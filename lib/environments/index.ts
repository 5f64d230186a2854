import type { Environment, EnvironmentName } from "./types";
import type { PlayableEnvironment } from "../sessions/console";
import { loadBashTasks } from "./bash/tasks";
import { bashPlayable } from "./bash/play";
import { loadSqlTasks } from "./sql/tasks";
import { loadPythonTasks } from "./python/tasks";
import { loadCtfTasks } from "./ctf/tasks";

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
    playable: { ok: false, reason: "live SQL play is not built yet; SQL logs can be imported and compared" },
    loadTasks: loadSqlTasks,
  },
  python: {
    name: "python",
    title: "Python",
    description: "MBPP function-writing tasks; scored by the share of hidden tests passed.",
    playable: { ok: false, reason: "live Python play is not built yet; Python logs can be imported and compared" },
    loadTasks: loadPythonTasks,
  },
  ctf: {
    name: "ctf",
    title: "CTF",
    description: "picoCTF challenges; scored by the flag. The challenge files are not in the dataset.",
    playable: { ok: false, reason: "the picoCTF challenge files are not included in InterCode's data" },
    loadTasks: loadCtfTasks,
  },
};

/** The environments that play live, by name: what the session manager opens episodes of. */
export function liveEnvironments(): Partial<Record<EnvironmentName, PlayableEnvironment>> {
  return Object.fromEntries(Object.values(environments).flatMap((e) => (e.live ? [[e.name, e.live]] : [])));
}
