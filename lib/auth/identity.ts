import type { Auth } from "./auth";
import { bearerToken, type TokenVerifier } from "./apiTokens";
import { isRole, type Role } from "./roles";

// Who is asking: a signed-in browser (better-auth's session cookie) or a program (an API token of
// an account). Both act with the account's role. Looked up once per request by the gate.

export interface Identity {
  userId: string;
  email: string;
  name: string;
  role: Role;
  /** The API token used, when the caller is a program. */
  tokenId: string | null;
}

export interface IdentityResolver {
  resolve(headers: Headers): Promise<Identity | null>;
  /** Forget cached sessions (after a sign-out, a role change, a deleted account). */
  forget(): void;
}

/** Session lookups are cached for `ttlMs` so a page's many requests cost one query. */
export function createIdentityResolver(a: Auth, tokens: TokenVerifier, ttlMs = 5_000, now = () => Date.now()): IdentityResolver {
  const cache = new Map<string, { who: Identity | null; at: number }>();
  return {
    async resolve(headers) {
      const bearer = bearerToken(headers.get("authorization"));
      if (bearer) {
        const t = await tokens.verify(bearer);
        return t && isRole(t.user.role)
          ? { userId: t.user.id, email: t.user.email, name: t.user.name, role: t.user.role, tokenId: t.id }
          : null;
      }
      const cookie = headers.get("cookie");
      if (!cookie || !cookie.includes("plateau")) return null;
      const hit = cache.get(cookie);
      if (hit && now() - hit.at < ttlMs) return hit.who;
      const s = await a.auth.api.getSession({ headers: new Headers({ cookie }) }).catch(() => null);
      const role = (s?.user as { role?: unknown } | undefined)?.role;
      const who: Identity | null =
        s && isRole(role) ? { userId: s.user.id, email: s.user.email, name: s.user.name, role, tokenId: null } : null;
      if (cache.size > 5_000) cache.clear();
      cache.set(cookie, { who, at: now() });
      return who;
    },
    forget() {
      cache.clear();
    },
  };
}
