import { REWARD_MODES, score } from "../../rewards";
import type { Sandbox } from "../../sandbox/types";
import type { Scorer, TaskForPlay } from "../../sessions/console";
import type { CompletedStep } from "../../sessions/steps";
import { isSqlSubmit } from "../isSubmit";
import { agentObservation, sqlResultOf } from "./result";
import { runAsMysql, runStatement } from "./runStatement";

// SQL at submit, as InterCode's get_reward: the last query's rows (from its step's result) against
// the gold query's rows, the gold run on the same server in the same sandbox, in both modes.

type Step = CompletedStep & { result?: unknown };

/** The step the reward reads: the last one before submit. */
export function lastQuery(steps: readonly Step[]): Step | undefined {
  return steps.filter((s) => !isSqlSubmit(s.action)).at(-1);
}

export function createSqlScorer(task: TaskForPlay): Scorer {
  return {
    async score({ sandbox, steps }) {
      const last = lastQuery(steps as Step[]);
      const lastResult = last ? sqlResultOf(last.result) : null;
      // The gold's rows in the order the last query's came in (MySQL 8's grouping in `intercode` execution).
      const run = lastResult && "mysqlOrder" in lastResult && lastResult.mysqlOrder ? runAsMysql : runStatement;
      const gold = await run(sandbox as Sandbox, task.db, task.gold);
      // A gold that fails (6 of Spider's 1,034 fail on MySQL 8 too): InterCode compared against no rows.
      const goldRows = "rows" in gold.result ? gold.result.rows : [];
      const agent = agentObservation(lastResult);
      return {
        scores: REWARD_MODES.map((mode) => {
          const s = score("sql", { agent, gold: goldRows, goldQuery: task.gold }, mode);
          if (!("rows" in gold.result))
            s.breakdown.notes.push(`the gold query failed (${gold.result.text}): compared against no rows, as InterCode did`);
          return { ...s, breakdown: s.breakdown as unknown as Record<string, unknown> };
        }),
      };
    },
  };
}
