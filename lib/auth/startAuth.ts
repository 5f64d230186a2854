import path from "node:path";
import type { Db } from "../db";
import { createAuth, type Auth } from "./auth";
import { TokenVerifier } from "./apiTokens";
import { createGate, type Gate } from "./gate";
import { createIdentityResolver, type IdentityResolver } from "./identity";
import { isLoopback, resolveOrigins, type Origins } from "./origins";
import { authSecret } from "./secret";
import { createUser, hasAdmin } from "./users";

// Accounts for one Plateau process (server.ts, the CLI, tests): better-auth on the database, the
// public URL and its origins, the identity lookup and the gate in front of every request.

export interface AuthServices {
  auth: Auth;
  origins: Origins;
  tokens: TokenVerifier;
  identities: IdentityResolver;
  gate: Gate;
}

export interface AuthSettings {
  host: string;
  port: number;
  publicUrl?: string;
  dataDir?: string;
  /** The sessions' signing secret; default: the data folder's (made on first start) or PLATEAU_AUTH_SECRET. */
  secret?: string;
}

export function startAuth(prisma: Db, s: AuthSettings): AuthServices {
  const origins = resolveOrigins({ publicUrl: s.publicUrl, host: s.host, port: s.port });
  const auth = createAuth({
    prisma,
    baseURL: origins.publicUrl,
    secret: s.secret ?? authSecret(path.resolve(s.dataDir ?? process.env.PLATEAU_DATA_DIR ?? ".data")),
    trustedOrigins: [...origins.origins],
  });
  const tokens = new TokenVerifier(prisma);
  const identities = createIdentityResolver(auth, tokens);
  return { auth, origins, tokens, identities, gate: createGate(origins, identities) };
}

/** The account `npm start` makes on a loopback address when there is no admin yet. */
export const OPERATOR_EMAIL = "operator@plateau.local";

/**
 * On a loopback address, the person at the console is the operator: with no admin yet, make the
 * operator account; while it is the operator's server, print a one-time sign-in link for it.
 * Elsewhere nothing is printed: make the first admin with `plateau user create --admin EMAIL`.
 */
export async function operatorSignInLink(prisma: Db, a: AuthServices, host: string): Promise<string | null> {
  if (!isLoopback(host)) return null;
  if (!(await hasAdmin(prisma))) await createUser(a.auth, prisma, { email: OPERATOR_EMAIL, role: "admin", name: "Operator" });
  const operator = await prisma.user.findUnique({ where: { email: OPERATOR_EMAIL } });
  if (operator?.role !== "admin") return null;
  return a.auth.signInLink(OPERATOR_EMAIL, "/");
}
