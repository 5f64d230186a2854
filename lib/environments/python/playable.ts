import type { PlayableEnvironment } from "../../sessions/console";
import { consoleTaskEnv, mbppTask } from "./mbppTask";
import { pythonConsole } from "./pythonConsole";
import { createPythonScorer, PYTHON_IMAGE } from "./scorer";

/** Python (MBPP) played live: Plateau's Python console in plateau/python, scored intercode and mucode. */
export const pythonPlayable: PlayableEnvironment = {
  image: () => PYTHON_IMAGE,
  consoleEnv: (task) => consoleTaskEnv(mbppTask(task)),
  console: pythonConsole,
  scorer: (task, takeSandbox) => createPythonScorer(mbppTask(task), takeSandbox),
  warmImages: () => [PYTHON_IMAGE],
};
