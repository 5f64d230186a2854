/**
 * The version of every reward function in this folder, stored with every score.
 *
 * Bump it (YYYY.MM-n) whenever any function here could return a different reward, success or
 * breakdown for the same input, so that old and new scores are never silently mixed.
 */
export const REWARD_VERSION = "2026.11-1";

/** An imported log's own reward (InterCode's `max_reward`), not recomputed. */
export const LOGGED_VERSION = "log";

/**
 * An imported episode replayed on the engine (`plateau rescore`), beside its logged score. In
 * `intercode` mode the logged score is the one that counts (InterCode's numbers); the re-scored
 * one is the check of it. In `plateau` mode it is the only one.
 */
export const RESCORED_VERSION = "rescored";
