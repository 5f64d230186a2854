import type { ScoreView } from "../../sessions/protocol";
import type { PythonBreakdown } from "../../rewards";

/**
 * A Python score as it is stored and shown (to the player, the session API, replays): the
 * intercode/plateau breakdown lists the tests that differ from the gold with both sides' output
 * and error, and a private test's (the function's error, its output) would hint at the test's
 * inputs. So a private test that differs is only counted (`privateDiffering`); public ones keep
 * their detail. The task's tests are in order, the public ones first (mbppTask.splitTests).
 */
export function withPrivateTestsCounted(score: ScoreView, publicTests: number): ScoreView {
  if (score.mode === "mucode") return score; // counts only already
  const b = score.breakdown as unknown as PythonBreakdown;
  if (!Array.isArray(b.differing)) return score;
  const differing = b.differing.filter((d) => d.index < publicTests);
  return { ...score, breakdown: { ...score.breakdown, differing, privateDiffering: b.differing.length - differing.length } };
}
