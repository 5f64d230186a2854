// Who may open which path, decided before a request reaches a page or a route (lib/auth/gate.ts).
// One table for the whole app: a new page or route is closed to anonymous visitors and to
// participants until it is listed here. Finer checks (an episode's owner, the gold) are the
// routes' own, through lib/auth/access.ts.

export const ROLES = ["admin", "researcher", "participant"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Static files: anyone may load them, and who asks changes nothing (no session is looked up). */
/** The files of public/ are listed one by one: a path is open only when this table says so. */
const ASSETS: RegExp[] = [/^\/_next\/static\//, /^\/icon\.svg$/, /^\/favicon\.ico$/, /^\/logo\.svg$/];

/** Paths anyone may open: signing in, joining a study, health, the API's description, static files. */
const PUBLIC: RegExp[] = [
  /^\/sign-in$/,
  /^\/join\/[A-Za-z0-9_-]+$/,
  /^\/api\/studies\/join$/,
  /^\/api\/auth\//,
  /^\/api\/health$/,
  /^\/api\/v1\/openapi\.json$/,
  ...ASSETS,
];

/**
 * What a participant may open: their home, their study (which starts their episodes: they pick no
 * task themselves), their own episodes' Play and replay pages (the pages check the owner), signing
 * out. Everything else — tasks, gold, runs, agents, tokens, uploads, stats, other people's
 * episodes — is a researcher's.
 */
const PARTICIPANT: RegExp[] = [
  /^\/$/,
  /^\/play\/\d+$/,
  /^\/episodes\/[A-Za-z0-9_-]+$/,
  /^\/api\/episodes\/[A-Za-z0-9_-]+(\/(cast|events|steps))?$/,
  /^\/sign-out$/,
  /^\/study(\/(consent|next))?$/,
];

/** Only admins: accounts. */
const ADMIN: RegExp[] = [/^\/admin(\/|$)/, /^\/api\/users(\/|$)/];

export function isAssetPath(path: string): boolean {
  return ASSETS.some((p) => p.test(path));
}

export function isPublicPath(path: string): boolean {
  return PUBLIC.some((p) => p.test(path));
}

/** Whether a signed-in user of this role may open the path at all. */
export function roleMayOpen(role: Role, path: string): boolean {
  if (ADMIN.some((p) => p.test(path))) return role === "admin";
  if (role === "participant") return PARTICIPANT.some((p) => p.test(path));
  return true;
}

/** Researchers and admins see gold, runs and every episode; participants only what a study gives them. */
export function isStaff(role: Role): boolean {
  return role === "admin" || role === "researcher";
}
