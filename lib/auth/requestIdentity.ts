import { isRole } from "./roles";
import type { Identity } from "./identity";

// The identity the gate (gate.ts) found for a request, as pages and routes read it. Only the gate
// sets this header, after deleting any copy the client sent.

export const IDENTITY_HEADER = "x-plateau-identity";
/** The caller's address as this server saw it (better-auth's rate limits count per address). */
export const CLIENT_IP_HEADER = "x-plateau-client-ip";

export function encodeIdentity(who: Identity): string {
  return encodeURIComponent(JSON.stringify(who));
}

export function identityFromHeaders(headers: Headers): Identity | null {
  const raw = headers.get(IDENTITY_HEADER);
  if (!raw) return null;
  try {
    const v = JSON.parse(decodeURIComponent(raw)) as Identity;
    return v && typeof v.userId === "string" && isRole(v.role) ? v : null;
  } catch {
    return null;
  }
}
