// Stats over episodes, aggregated in SQL (server side). Client code imports the client-safe modules
// directly: ./types, ./groupKeys, ./statsQuery, ./plateauSeries, ./errorSeries, ./statsCsv, ./wilson.
export { computeStats, MAX_OVERLAP_GROUPS } from "./computeStats";
export { StatsQuery, statsQueryFromParams, statsQueryToParams } from "./statsQuery";
export { GROUP_KEYS, GROUP_LABELS, type GroupKey } from "./groupKeys";
export { wilson } from "./wilson";
export type * from "./types";
export { listRuns, type RunSummary } from "./listRuns";
export { loadCompare, type CompareData } from "./loadCompare";
