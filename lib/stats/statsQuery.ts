import { z } from "zod";
import { ENVIRONMENTS } from "../environments/types";
import { GROUP_KEYS, SCORE_MODES } from "./groupKeys";

// The one description of a stats request, shared by GET /api/stats, `plateau stats` and /compare.

const csv = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean));
const list = <T extends z.ZodType<unknown, string>>(max: number, item: T) =>
  csv.pipe(z.array(item).max(max, `at most ${max} values`));
const name = z.string().min(1).max(200);

const groupKey = z.enum(GROUP_KEYS, {
  error: (i) => `unknown group ${JSON.stringify(i.input)}; choose from ${GROUP_KEYS.join(", ")}`,
});

const flag = z
  .union([z.boolean(), z.enum(["1", "0", "true", "false", "yes", "no"])])
  .transform((v) => v === true || v === "1" || v === "true" || v === "yes");

export const StatsQuery = z.strictObject({
  /** Which score to count: InterCode's reward (imported logs, live episodes) or Plateau's own. */
  mode: z.enum(SCORE_MODES).default("intercode"),
  /** Up to three keys; several give one group per combination (e.g. run,hardness). */
  group: list(3, groupKey)
    .refine((g) => g.length > 0 && new Set(g).size === g.length, "give 1 to 3 different group keys")
    .default(["run"]),
  /** A second key for the per-difficulty table (e.g. hardness, fs). */
  split: groupKey.optional(),
  runs: list(50, name).optional(),
  study: list(20, name).optional(),
  env: z.enum(ENVIRONMENTS).optional(),
  model: list(20, name).optional(),
  strategy: list(20, name).optional(),
  player: z.enum(["human", "agent"]).optional(),
  dataset: list(20, name).optional(),
  hardness: list(4, z.enum(["easy", "medium", "hard", "extra"])).optional(),
  /** Largest turn budget on the plateau curve; default: the largest turn limit or solving turn seen. */
  k: z.coerce.number().int().min(1).max(100).optional(),
  /**
   * Only the tasks every group attempted (a study beside agent runs, on exactly the same tasks).
   * Absent: no for the API; the Compare page then turns it on when the groups attempted different tasks.
   */
  common: flag.optional(),
  /** Solved-task overlap between every two groups (2 to 8 groups). */
  overlap: flag.default(true),
  /** Error rate by turn (reads every step in scope: the costliest part). */
  errorByTurn: flag.default(true),
});
export type StatsQuery = z.infer<typeof StatsQuery>;

/** Parse URL search params (repeated keys become lists). */
export function statsQueryFromParams(params: URLSearchParams): ReturnType<typeof StatsQuery.safeParse> {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    raw[key] = all.length > 1 ? all.join(",") : all[0];
  }
  return StatsQuery.safeParse(raw);
}

/** The query as URL search params (defaults left out), for links and the Compare page. */
export function statsQueryToParams(q: Partial<StatsQuery>): URLSearchParams {
  const p = new URLSearchParams();
  const put = (k: string, v: unknown) => {
    if (v === undefined || v === null) return;
    if (Array.isArray(v)) {
      if (v.length) p.set(k, v.join(","));
      return;
    }
    p.set(k, String(v));
  };
  if (q.runs) put("runs", q.runs);
  if (q.group && q.group.join(",") !== "run") put("group", q.group);
  if (q.mode && q.mode !== "intercode") put("mode", q.mode);
  put("split", q.split);
  put("env", q.env);
  put("model", q.model);
  put("strategy", q.strategy);
  put("player", q.player);
  put("dataset", q.dataset);
  put("study", q.study);
  put("hardness", q.hardness);
  put("k", q.k);
  if (q.common !== undefined) put("common", q.common ? "1" : "0");
  if (q.overlap === false) put("overlap", "0");
  if (q.errorByTurn === false) put("errorByTurn", "0");
  return p;
}
