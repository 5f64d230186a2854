import { z } from "zod";

// Best-of-N's search on a step (Step.search, lib/agents/policies/bestOfN.ts) as the replay shows it,
// read through zod (it holds model output), and a line diff of each candidate against the chosen one.

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

export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

/** A line diff (longest common subsequence) from `from` to `to`; candidates are short snippets. */
export function lineDiff(from: string, to: string): DiffLine[] {
  const a = from.split("\n");
  const b = to.split("\n");
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push({ kind: "same", text: a[i] });
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) out.push({ kind: "removed", text: a[i++] });
    else out.push({ kind: "added", text: b[j++] });
  }
  return out;
}
