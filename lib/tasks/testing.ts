import path from "node:path";
import type { TestSeed } from "../db/testing";
import { loadTasks } from "./load";

/** A test database with InterCode's tasks loaded (openTestDatabase(WITH_TASKS)). */
export const WITH_TASKS: TestSeed = {
  name: "tasks",
  apply: (db) => loadTasks(db.prisma, path.resolve("data/intercode")),
};
