// Re-scoring imported runs on the real engine (`plateau rescore`); see ARCHITECTURE.md.
export { rescoreRun, rescorableRun, rescoreRunName, type RescoreOptions } from "./rescoreRun";
export { openRescoreEngine, type RescoreEngine } from "./rescoreEngine";
export { readRescoreReport, type RescoreReport } from "./rescoreReport";
export { RescoreError, isRescoreError } from "./RescoreError";
