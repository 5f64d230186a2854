import type { EnvironmentName } from "./types";

// What ends an episode, one rule per environment, for live play (each Console's isSubmit) and the
// replay of any episode, live or imported, alike. InterCode ends an episode on an action that
// starts with "submit" (ic_env.py's step); each rule here is the spelling its console program
// takes as that action. On InterCode's own logs the rules and InterCode agree (SQL logs hold
// `submit;`). Plain functions: the replay page runs them in the browser.

/** Bash (and InterCode's rule where an environment has no console): the word alone, or followed by an answer — the `submit` command. */
export function isInterCodeSubmit(action: string): boolean {
  return /^\s*submit(\s.*)?$/s.test(action);
}

/** SQL: `submit`, with an answer or not, a `;` or not, in any case (as SQL's keywords). */
export function isSqlSubmit(action: string): boolean {
  return /^\s*submit\b/i.test(action);
}

/** Python: the console's `submit`, optionally with the function's name. */
export function isPythonSubmit(action: string): boolean {
  return /^\s*submit(\s+\S*)?\s*$/.test(action);
}

/**
 * A submit as it is typed for a policy, an API client or a replay: the word and its answer on one
 * line (`submit picoCTF{…}`: CTF's flag, Python's function); anything else that starts with the word
 * (an answer over several lines) is typed as the bare word, as before answers mattered.
 */
export function submitAsTyped(action: string): string {
  const a = action.trim();
  return isInterCodeSubmit(a) && !a.includes("\n") ? a : "submit";
}

const RULES: Partial<Record<EnvironmentName, (action: string) => boolean>> = {
  bash: isInterCodeSubmit,
  sql: isSqlSubmit,
  python: isPythonSubmit,
  ctf: isInterCodeSubmit, // Bash's shell: `submit picoCTF{…}`
};

/** The rule of `environment` (a task's environment); InterCode's for one without a console of its own. */
export function isSubmitIn(environment: string): (action: string) => boolean {
  return RULES[environment as EnvironmentName] ?? isInterCodeSubmit;
}
