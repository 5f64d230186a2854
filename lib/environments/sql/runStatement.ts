import { z } from "zod";
import { CONSOLE_PATH, type Sandbox } from "../../sandbox/types";
import { mysqlGroupOrder } from "./mysqlGroupOrder";
import { isOnClauseError, onClauseProbes } from "./mysqlOnClauseOrder";
import { mysqlOnlyFullGroupByError } from "./mysqlOnlyFullGroupBy";
import { mysqlReservedWordError } from "./mysqlReservedWords";
import { SqlResult } from "./result";

// One statement run in a SQL sandbox outside the terminal, on a connection of its own, as the
// player: `plateau-console --exec` runs it verbatim as one query after USE db (InterCode's
// cursor.execute). The gold query and `intercode` execution use it.

const Reply = z.object({ result: SqlResult, db: z.string().nullable() });
export type StatementRun = z.infer<typeof Reply> & { timedOut: boolean };

export async function runStatement(sandbox: Sandbox, db: string | null, sql: string, timeoutMs = 10_000): Promise<StatementRun> {
  const r = await sandbox.exec([CONSOLE_PATH, "--exec"], {
    stdin: JSON.stringify({ db, sql, timeoutMs }),
    timeoutMs: timeoutMs + 2000, // the server stops the query at timeoutMs (max_statement_time)
    maxOutputBytes: 4 * 1024 * 1024,
  });
  if (r.timedOut)
    return {
      result: {
        error: "Query execution was interrupted",
        code: 1317,
        text: "Error executing query: Query execution was interrupted",
      },
      db,
      timedOut: true,
    };
  let json: unknown;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    throw new Error(`the SQL console gave no result (exit ${r.exitCode}): ${r.stderr.trim().slice(-500)}`);
  }
  return { ...Reply.parse(json), timedOut: false };
}

const PARSE_ERROR = 1064;

/**
 * A statement as InterCode's MySQL 8 ran it: refused when it uses a name MySQL 8 reserves
 * (mysqlReservedWords) or mixes an aggregate and a plain column without GROUP BY
 * (mysqlOnlyFullGroupBy), an unknown column of several ON conditions named as MySQL 8 named it
 * (mysqlOnClauseOrder), and, as far as row order goes, with ORDER BY NULL where it
 * groups without an order (mysqlGroupOrder). A syntax error is the statement's own: it is run as
 * written again, so the message quotes the player's text. The rows say they are in that order
 * (`mysqlOrder`), so the scorer runs the gold the same way.
 */
export async function runAsMysql(sandbox: Sandbox, db: string | null, sql: string, timeoutMs?: number): Promise<StatementRun> {
  const refused = mysqlReservedWordError(sql); // MySQL 8 would not have run it
  if (refused) return { result: refused, db, timedOut: false };
  const unsorted = mysqlGroupOrder(sql);
  const r = await runStatement(sandbox, db, unsorted ?? sql, timeoutMs);
  if (unsorted && "error" in r.result && r.result.code === PARSE_ERROR) return runStatement(sandbox, db, sql, timeoutMs);
  if (isOnClauseError(r.result)) {
    for (const probe of onClauseProbes(sql)) {
      const p = await runStatement(sandbox, db, probe, timeoutMs);
      if (isOnClauseError(p.result)) return { ...r, result: p.result };
    }
  }
  if (!("rows" in r.result)) return r;
  // MySQL 8 resolved the names first (an unknown column is that error), then refused the mix
  const mixed = mysqlOnlyFullGroupByError(sql, db);
  return { ...r, result: mixed ?? { ...r.result, mysqlOrder: true } };
}
