import { randomBytes } from "node:crypto";
import type { Db } from "../db";
import type { Identity } from "./identity";
import { encodeIdentity, IDENTITY_HEADER } from "./requestIdentity";
import { startAuth, type AuthServices } from "./startAuth";
import { createUser } from "./users";

// For tests: accounts on a test database, and requests to route handlers as the gate would pass
// them (with the identity header it sets), for tests that call a route without an HTTP server.

export function startTestAuth(prisma: Db, port = 3999): AuthServices {
  // A secret of its own, in memory: a test leaves no folder behind.
  return startAuth(prisma, { host: "127.0.0.1", port, secret: randomBytes(32).toString("base64url") });
}

export const TEST_RESEARCHER: Identity = {
  userId: "test-researcher",
  email: "researcher@test.example",
  name: "researcher",
  role: "researcher",
  tokenId: null,
};

/** A Request as a signed-in researcher's, past the gate. */
export function asResearcher(url: string, init: RequestInit = {}, who: Identity = TEST_RESEARCHER): Request {
  const headers = new Headers(init.headers);
  headers.set(IDENTITY_HEADER, encodeIdentity(who));
  return new Request(url, { ...init, headers });
}

/** An account with a password, and the cookie of a browser signed in as it. */
export async function signedIn(
  a: AuthServices,
  prisma: Db,
  email: string,
  role: Identity["role"],
): Promise<{ userId: string; cookie: string }> {
  const password = "correct horse battery staple";
  const { user } = await createUser(a.auth, prisma, { email, role, password }, { update: true });
  const res = await a.auth.auth.api.signInEmail({ body: { email, password }, asResponse: true });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`signing in as ${email} failed: ${res.status} ${await res.text()}`);
  return { userId: user.id, cookie };
}
