import type { Sandbox } from "../../sandbox/types";
import type { ActionExecutor } from "../../sessions/ActionExecutor";
import type { TaskForPlay } from "../../sessions/console";
import { runStatement } from "./runStatement";

// SQL actions in `intercode` execution, as InterCode's SqlEnv.exec_action ran them: each action
// verbatim as one query (a trailing `;` allowed, two statements an error, no splitting), after
// USE of the task's database. Where it differs from InterCode (README § SQL): each action has a
// connection of its own, as the player, with autocommit; only the current database carries over
// (a USE action changes it), as bash's cwd does through `cd`. Session variables, temporary
// tables and an open transaction do not survive between actions.

export function createSqlInterCodeExecutor(sandbox: Sandbox, task: TaskForPlay): ActionExecutor {
  let db = task.db;
  return async (action, timeoutMs) => {
    const r = await runStatement(sandbox, db, action, timeoutMs);
    db = r.db;
    const failed = "error" in r.result;
    return {
      observation: r.result.text,
      exitCode: r.timedOut ? 130 : failed ? 1 : 0,
      timedOut: r.timedOut,
      truncated: "cut" in r.result && r.result.cut === true,
      result: r.result, // what the reward reads, as the console's 633;R gives it
      prompt: `\x1b[2m[intercode]\x1b[0m MariaDB [${db ?? "(none)"}]> `,
    };
  };
}
