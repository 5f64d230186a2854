import { z } from "zod";

/**
 * One step of an episode (one action and what it returned), as stored (prisma `Step`) and as it
 * travels to views. A field its producer does not know defaults to null, so one schema serves the
 * recorder, the importers and the live stream; a view that needs fewer fields takes a named
 * projection below instead of a shape of its own.
 */
export const Step = z.object({
  /** 0-based turn number. */
  index: z.number().int().min(0),
  action: z.string(),
  /** Plain text (ANSI stripped): what rewards, search and synthesized replays read. */
  observation: z.string().default(""),
  /** Raw output with ANSI kept, for display; null for imports. */
  observationAnsi: z.string().nullable().default(null),
  /** Output was cut at the environment's cap. */
  truncated: z.boolean().default(false),
  exitCode: z.number().int().nullable().default(null),
  /** InterCode's valid action; null when the source does not say. */
  admissible: z.boolean().nullable().default(null),
  /** The console's structured result (SQL rows, …); what rewards and agents read. */
  result: z.unknown().optional(),
  /** Reward at this turn when known (Try Again logs, agents' submits). */
  reward: z.number().nullable().default(null),
  thought: z.string().nullable().default(null),
  plan: z.string().nullable().default(null),
  /** Best-of-N's candidates and choice, unparsed (lib/agents/policies/bestOfN.ts). */
  search: z.unknown().optional(),
  startedAt: z.date().nullable().default(null),
  durationMs: z.number().int().nullable().default(null),
  /** Seconds into the terminal recording where the command starts and its output ends. */
  castStart: z.number().nullable().default(null),
  castEnd: z.number().nullable().default(null),
});
export type Step = z.infer<typeof Step>;
/** A step as a producer hands it over: what it does not know may be left out. */
export type StepInput = z.input<typeof Step>;

/** The Play page's step list while the episode runs. */
export const StepSummary = Step.pick({
  index: true,
  action: true,
  exitCode: true,
  admissible: true,
  durationMs: true,
  truncated: true,
});
export type StepSummary = z.infer<typeof StepSummary>;

/** What spectators are sent when a step completes (the terminal stream carries the ANSI). */
export const LiveStep = Step.omit({ observationAnsi: true, result: true, search: true, startedAt: true });
export type LiveStep = z.infer<typeof LiveStep>;

/** What an importer reads of a step from a log. */
export const ImportedStep = Step.pick({
  index: true,
  action: true,
  observation: true,
  admissible: true,
  reward: true,
  thought: true,
  plan: true,
});
export type ImportedStep = z.infer<typeof ImportedStep>;

/** What a replay lists of a step (its span in the recording comes from lib/replay). */
export const ReplayStepFields = Step.pick({
  index: true,
  action: true,
  observation: true,
  exitCode: true,
  admissible: true,
  reward: true,
  thought: true,
  plan: true,
  search: true,
  durationMs: true,
  truncated: true,
});
export type ReplayStepFields = z.infer<typeof ReplayStepFields>;
