import type { PlayableEnvironment } from "../../sessions/console";
import { bashConsole } from "./console";
import { createInterCodeExecutor } from "./interCodeExecutor";
import { createBashScorer } from "./scorer";
import { BASH_DATASETS, bashImage } from "./tasks";

/** Bash played live: one image per InterCode file system, the login shell as the console. */
export const bashPlayable: PlayableEnvironment = {
  image: (task) => bashImage(task.fileSystem ?? 1),
  console: bashConsole,
  scorer: createBashScorer,
  executor: (sandbox) => createInterCodeExecutor(sandbox),
  warmImages: () => [...new Set(BASH_DATASETS.map((d) => bashImage(d.fileSystem)))],
};
