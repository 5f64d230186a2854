/**
 * The version of every reward function in this folder, stored with every score.
 *
 * Bump it (YYYY.MM-n) whenever any function here could return a different reward, success or
 * breakdown for the same input, so that old and new scores are never silently mixed.
 */
export const REWARD_VERSION = "2026.11-1";
