import type { PlayableEnvironment } from "../../sessions/console";
import { sqlConsole } from "./console";
import { createSqlInterCodeExecutor } from "./executor";
import { createSqlScorer } from "./scorer";

/** The SQL image (docker/sql): MariaDB with the 20 Spider databases, the SQL console on the terminal. */
export const SQL_IMAGE = "plateau/sql";

export const sqlPlayable: PlayableEnvironment = {
  image: () => SQL_IMAGE,
  consoleEnv: (task): Record<string, string> => (task.db ? { PLATEAU_DB: task.db } : {}),
  console: sqlConsole,
  scorer: (task) => createSqlScorer(task),
  executor: createSqlInterCodeExecutor,
  warmImages: () => [SQL_IMAGE],
};
