import { z } from "zod";

// Best-of-N's search on a step (Step.search, lib/agents/policies/bestOfN.ts) as the replay shows it,
// read through zod on the server (it holds model output) before a step leaves for the page, so the
// page takes a typed view and never loads zod (lineDiff.ts draws the candidates' differences).

const Candidate = z.object({
  code: z.string().nullable(),
  problem: z.string().optional(),
  tests: z.object({ passed: z.number(), total: z.number(), error: z.string().nullable().optional() }).nullable(),
  verifierScore: z.number().nullable(),
  score: z.number(),
});
export const BestOfNView = z.object({
  n: z.number().int(),
  chosen: z.number().int(),
  rule: z.string(),
  candidates: z.array(Candidate),
});
export type BestOfNView = z.infer<typeof BestOfNView>;

export function bestOfNView(search: unknown): BestOfNView | null {
  const r = BestOfNView.safeParse(search);
  return r.success ? r.data : null;
}
