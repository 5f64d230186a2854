// Steps: a marked terminal stream cut into turns (action, observation, exit code, timing).
export { createStepSegmenter } from "./createStepSegmenter";
export { plainText } from "./plainText";
export type { ActionProblem, CompletedStep, SegmenterEvent, StepSegmenter, StepSegmenterOptions } from "./types";
