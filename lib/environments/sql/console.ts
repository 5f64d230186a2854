import type { Console } from "../../sessions/console";
import type { CompletedStep } from "../../sessions/steps";
import { sqlResultOf } from "./result";
import { isSqlSubmit } from "../isSubmit";

// The SQL console as the session drives it (docker/sql/sql_console.py is the program).

/**
 * An agent's action as typed: one statement per action (InterCode ran each as one query), so a
 * missing `;` is added — without it the console would wait for more. Newlines are typed as Enter.
 */
export function typeSqlAction(action: string): string {
  const text = action.trim();
  const ended = isSqlSubmit(text) || /;\s*$/.test(text) || text === "" ? text : `${text};`;
  return `${ended.replace(/\r?\n/g, "\r")}\r`;
}

/** What an agent is told a step showed: InterCode's observation (the rows list as Python printed it, or the error). */
export function sqlObservationOf(step: CompletedStep & { result?: unknown }): string {
  return sqlResultOf(step.result)?.text ?? step.observation;
}

export const sqlConsole: Console = {
  typeAction: typeSqlAction,
  isSubmit: isSqlSubmit,
  // an action whose quote is never closed leaves the console at its continuation prompt
  incomplete: {
    observation: "Error executing query: the statement is incomplete (an unclosed quote or comment)",
    exitCode: 1,
    notice: "The statement was incomplete (an unclosed quote or comment): cancelled.",
  },
  observationOf: sqlObservationOf,
  onExit: "restart",
};
