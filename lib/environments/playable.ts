import type { PlayableEnvironment } from "../sessions/SessionManager";
import { bashPlayable } from "./bash/scorer";
import type { EnvironmentName } from "./types";

/** The environments that play live, each its plug-in: a new one is one line here. */
export const playableEnvironments: Partial<Record<EnvironmentName, PlayableEnvironment>> = {
  bash: bashPlayable,
};
