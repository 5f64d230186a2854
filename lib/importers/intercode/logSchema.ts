import { z } from "zod";

// The shapes of InterCode's logs (reference/INTERCODE.md §5), validated at the edge: a file that does
// not fit is refused with the entry and the field, never half-read.

const TaskIndex = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/, "expected a task index").transform(Number)]);

/** One entry of an experiment log (Try Again, single turn, ReAct, Plan & Solve). */
export const ExperimentEntry = z.object({
  environment: z.string().optional(),
  dataset: z.string().optional(),
  task_id: TaskIndex.optional(),
  query: z.string().optional(),
  hardness: z.string().nullable().optional(),
  turn_history: z.object({
    actions: z.array(z.string()),
    /** Strings, row lists, or null. */
    observations: z.array(z.unknown()),
    rewards: z.array(z.number().nullable()).default([]),
    /** Absent (CTF) or null (Python) when the log does not say; empty when an API error blocked the episode. */
    valid_action: z.array(z.boolean().nullable()).nullable().optional(),
    thoughts: z.array(z.string().nullable()).optional(),
    steps: z.array(z.unknown()).optional(),
  }),
  summary: z.looseObject({
    max_reward: z.number(),
    max_reward_idx: z.number().int().nullable().optional(),
    turns_taken: z.number().int().nonnegative().optional(),
    turns_max: z.number().int().positive().optional(),
  }),
  info: z.unknown().optional(),
});
export type ExperimentEntry = z.infer<typeof ExperimentEntry>;

/** InterCode's environment trajectory log: one episode as the environment saw it. */
export const TrajectoryEntry = z.object({
  environment: z.string(),
  query_idx: TaskIndex,
  query: z.string().optional(),
  gold: z.string().optional(),
  reward: z.number(),
  trajectory: z.array(z.object({ action: z.string(), observation: z.unknown() })),
  info: z.unknown().optional(),
});
export type TrajectoryEntry = z.infer<typeof TrajectoryEntry>;

/** The Plan & Solve wrapper. */
export const WrappedLog = z.object({
  meta: z.record(z.string(), z.unknown()),
  logs: z.record(z.string(), z.unknown()),
});
