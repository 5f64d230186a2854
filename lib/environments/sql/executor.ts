import type { Sandbox } from "../../sandbox/types";
import type { ActionExecutor } from "../../sessions/ActionExecutor";
import type { TaskForPlay } from "../../sessions/console";
import { interCodeResult } from "./interCodeResult";
import { DATABASE_ERRORS } from "./mysqlErrorText";
import type { SqlResult } from "./result";
import { runAsMysql, runStatement } from "./runStatement";

// SQL actions in `intercode` execution, as InterCode's SqlEnv.exec_action ran them: each action
// verbatim as one query (a trailing `;` allowed, two statements an error, no splitting), after
// USE of the task's database. Where it differs from InterCode (README § SQL): each action has a
// connection of its own, as the player, with autocommit; only the current database carries over
// (a USE action changes it), as bash's cwd does through `cd`. Session variables, temporary
// tables and an open transaction do not survive between actions. An error reads as MySQL 8
// worded it (mysqlErrorText.ts; the step's result keeps MariaDB's own message beside it),
// DESCRIBE's column types as MySQL 8 showed them (mysqlColumnTypes.ts), and groups in MySQL 8's
// order, unsorted (runAsMysql).

export function createSqlInterCodeExecutor(sandbox: Sandbox, task: TaskForPlay): ActionExecutor {
  let db = task.db;
  let databases: Promise<Set<string>> | undefined;
  const visible = async () => {
    databases ??= runStatement(sandbox, null, "SHOW DATABASES").then(
      (r) => new Set("rows" in r.result ? r.result.rows.map(([d]) => String(d).toLowerCase()) : []),
    );
    return databases;
  };
  const asInterCode = async (action: string, result: SqlResult): Promise<SqlResult> => {
    const seen =
      "error" in result && result.code !== null && DATABASE_ERRORS.has(result.code) ? await visible() : new Set<string>();
    return interCodeResult(action, result, (d) => seen.has(d.toLowerCase()));
  };
  return async (action, timeoutMs) => {
    const r = await runAsMysql(sandbox, db, action, timeoutMs);
    db = r.db;
    const result = await asInterCode(action, r.result);
    const failed = "error" in result;
    return {
      observation: result.text,
      exitCode: r.timedOut ? 130 : failed ? 1 : 0,
      timedOut: r.timedOut,
      truncated: "cut" in result && result.cut === true,
      result, // what the reward reads, as the console's 633;R gives it
      prompt: `\x1b[2m[intercode]\x1b[0m MariaDB [${db ?? "(none)"}]> `,
    };
  };
}
