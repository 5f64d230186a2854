import type { EpisodeOwner } from "./SessionManager";

// How many live sandboxes Plateau holds at once: in total (the machine's size), per account (one
// researcher's batch must leave room for others), and one at a time for a study participant.

export interface SandboxLimits {
  total: number;
  perAccount: number;
  perParticipant: number;
}

const setting = (name: string, fallback: number): number => {
  const v = Number(process.env[name] ?? fallback);
  return Number.isInteger(v) && v > 0 ? v : fallback;
};

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  total: setting("PLATEAU_MAX_SANDBOXES", 32),
  perAccount: setting("PLATEAU_MAX_SANDBOXES_PER_ACCOUNT", 16),
  perParticipant: 1,
};

/** Why one more sandbox is refused (429: this account's limit, 503: the server's), or null. */
export function sandboxLimitRefusal(
  limits: SandboxLimits,
  liveOwners: (string | null)[],
  owner: EpisodeOwner | null,
): { status: 429 | 503; message: string } | null {
  if (liveOwners.length >= limits.total) {
    return {
      status: 503,
      message: `Plateau is running its limit of ${limits.total} live sandboxes (PLATEAU_MAX_SANDBOXES); try again when an episode ends`,
    };
  }
  if (!owner) return null;
  const mine = liveOwners.filter((o) => o === owner.userId).length;
  if (owner.role === "participant" && mine >= limits.perParticipant) {
    return { status: 429, message: "you have an episode in progress already: finish (submit or skip) it first" };
  }
  if (mine >= limits.perAccount) {
    return {
      status: 429,
      message: `this account has ${mine} live sandboxes, its limit (PLATEAU_MAX_SANDBOXES_PER_ACCOUNT=${limits.perAccount}); end one first`,
    };
  }
  return null;
}
