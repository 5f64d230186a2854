// Importing trajectories that were recorded elsewhere (InterCode's logs) as Runs of Episodes.
export { importLogs, type ImportFile, type ImportOptions, type ImportReport } from "./importLogs";
export { ImportError } from "./ImportError";
export { parseLog, contentHash } from "./intercode/parseLog";
export { fileNameHints } from "./intercode/fileNameHints";
export { listLogFiles } from "./listLogFiles";
export type { ParsedLog, ImportHints, ImportedEpisode } from "./types";
export type { WrittenRun, WriteProgress } from "./writeRun";
