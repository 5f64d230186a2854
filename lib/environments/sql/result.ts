import { z } from "zod";
import type { Rows } from "../../rewards/types";

// A SQL step's structured result, as the console writes it in its 633;R mark (docker/sql/sql_console.py)
// and `plateau-console --exec` prints it. Read from the sandbox's output: never trusted, parsed.

const Cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const SqlResult = z.union([
  z.object({
    columns: z.array(z.string()),
    rows: z.array(z.array(Cell)),
    text: z.string(),
    cut: z.boolean().optional(),
    /** Grouped rows in MySQL 8's order, not sorted by their key (`intercode` execution: runAsMysql). */
    mysqlOrder: z.boolean().optional(),
  }),
  z.object({ affected: z.number(), text: z.string() }),
  z.object({ error: z.string(), code: z.number().nullable(), text: z.string() }),
]);
export type SqlResult = z.infer<typeof SqlResult>;

/** The result of a step (null: none, or not a SQL result). */
export function sqlResultOf(json: unknown): SqlResult | null {
  const r = SqlResult.safeParse(json);
  return r.success ? r.data : null;
}

/** What the reward reads of a step: its rows, its error, or null (a statement without a result set). */
export function agentObservation(result: SqlResult | null): Rows | { error: string } | null {
  if (!result) return null;
  if ("rows" in result) return result.rows;
  if ("error" in result) return { error: result.text };
  return null;
}
