// Plan & Solve: the numbered steps of a plan ("1. …", "2) …", "Step 3: …"); a line that is not
// numbered continues the step before it. Text before the first step is ignored.

export const MAX_PLAN_STEPS = 30;

export function parsePlan(reply: string): string[] {
  const steps: string[] = [];
  for (const line of reply.split(/\r?\n/)) {
    const m = /^\s*(?:[-*]\s*)?(?:\*\*)?(?:step\s*)?(\d{1,2})\s*[.):](?:\*\*)?\s+(.+?)\s*$/i.exec(line);
    if (m) steps.push(m[2]);
    else if (steps.length && line.trim() && !/^\s*```/.test(line)) steps[steps.length - 1] += ` ${line.trim()}`;
  }
  return steps.slice(0, MAX_PLAN_STEPS);
}
