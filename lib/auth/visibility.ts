import type { EpisodeResult } from "../sessions/protocol";
import type { Identity } from "./identity";
import { isStaff } from "./roles";

// What a participant may see of an episode: only their own, and never the gold or anything
// computed from it. Pure: used by routes, pages and socket handlers alike.

export const canSeeGold = (who: Identity): boolean => isStaff(who.role);

/** Staff see every episode; anyone else only the ones they played. */
export function canSeeEpisode(who: Identity, episode: { userId: string | null }): boolean {
  return isStaff(who.role) || (episode.userId !== null && episode.userId === who.userId);
}

/** A result as a participant may see it: rewards, no gold, its run or the breakdown (it holds the gold's state and output). */
export function resultWithoutGold(r: EpisodeResult): EpisodeResult {
  return { ...r, gold: null, scores: r.scores.map((s) => ({ ...s, breakdown: {}, gold: null })) };
}

/** Whether the caller may see an episode's rewards: staff always; a participant unless their study hides them. */
export function canSeeRewards(who: Identity, study: { showReward: boolean } | null): boolean {
  return isStaff(who.role) || !study || study.showReward;
}

/** An episode's result as the caller may see it: whole for staff; else without the gold, and without rewards if the study hides them. */
export function resultAsSeenBy(who: Identity, r: EpisodeResult, study: { showReward: boolean } | null): EpisodeResult {
  if (canSeeGold(who)) return r;
  const shown = resultWithoutGold(r);
  return canSeeRewards(who, study) ? shown : { ...shown, scores: [] };
}
