import { z } from "zod";

// The structured result the Python console writes for a step (633;R, docker/python/console.py),
// as the session stores it in CompletedStep.result. Read through zod: it is sandbox output.

const InterCodeResult = z.object({ output: z.string().optional(), error: z.string().optional() });

const CodeResult = z.object({ kind: z.literal("code"), result: InterCodeResult, observation: z.string() });
const TestRun = z.object({
  kind: z.literal("test"),
  passed: z.number().int(),
  total: z.number().int(),
  tests: z.array(z.object({ test: z.string(), result: InterCodeResult, passed: z.boolean() })),
});

export const PythonStepResult = z.discriminatedUnion("kind", [CodeResult, TestRun]);
export type PythonStepResult = z.infer<typeof PythonStepResult>;
export type InterCodeResult = z.infer<typeof InterCodeResult>;

/** The console's result of a step, or null when it wrote none (submit, Ctrl-C) or it does not parse. */
export function pythonResultOf(step: object): PythonStepResult | null {
  // CompletedStep.result: the 633;R JSON, as the session parses it
  const parsed = PythonStepResult.safeParse("result" in step ? step.result : undefined);
  return parsed.success ? parsed.data : null;
}
