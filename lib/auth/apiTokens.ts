import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import type { Db } from "../db";

// API tokens for programs that use the session API. Only a sha256 of each token is stored; the
// token itself is shown once, when it is made (in the UI or with `plateau token create NAME`).

export const TOKEN_PREFIX = "plt_";

export const TokenName = z.string().trim().min(1, "a token needs a name").max(80);

export interface ApiTokenView {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface TokenOwner {
  id: string;
  name: string;
  user: { id: string; email: string; name: string; role: string };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new token of an account: it acts with that account's role. */
export async function createApiToken(prisma: Db, name: string, userId: string): Promise<ApiTokenView & { token: string }> {
  const token = TOKEN_PREFIX + randomBytes(24).toString("base64url");
  const row = await prisma.apiToken.create({ data: { name: TokenName.parse(name), hash: hashToken(token), userId } });
  return { id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, token };
}

/** The tokens of one account, or (null) of every account. */
export async function listApiTokens(prisma: Db, userId: string | null): Promise<ApiTokenView[]> {
  return prisma.apiToken.findMany({
    where: userId === null ? {} : { userId },
    select: { id: true, name: true, createdAt: true, lastUsedAt: true },
    orderBy: { createdAt: "desc" },
  });
}

/** Revoke by id, or by name (every token with that name), of one account or (null) of any. Returns how many went. */
export async function revokeApiToken(prisma: Db, idOrName: string, userId: string | null): Promise<number> {
  const { count } = await prisma.apiToken.deleteMany({
    where: { OR: [{ id: idOrName }, { name: idOrName }], ...(userId === null ? {} : { userId }) },
  });
  return count;
}

/** The token in an `Authorization: Bearer …` header, if there is one. */
export function bearerToken(header: string | null): string | null {
  const m = /^\s*Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return m ? m[1] : null;
}

/**
 * Checks tokens against the database, remembering good ones for a few seconds so a busy agent does
 * not cost a query per step; revoking in this process takes effect at once, elsewhere within `ttlMs`.
 */
export class TokenVerifier {
  private known = new Map<string, TokenOwner & { checkedAt: number }>();
  private touched = new Map<string, number>();

  constructor(
    private readonly prisma: Db,
    private readonly ttlMs = 10_000,
    private readonly now = () => Date.now(),
  ) {}

  /** The token's account, or null (unknown, revoked, or made before accounts existed). */
  async verify(token: string): Promise<TokenOwner | null> {
    const hash = hashToken(token);
    const t = this.now();
    const hit = this.known.get(hash);
    if (hit && t - hit.checkedAt < this.ttlMs) {
      this.touch(hit.id, t);
      const { checkedAt: _, ...owner } = hit;
      return owner;
    }
    const row = await this.prisma.apiToken.findUnique({
      where: { hash },
      select: { id: true, name: true, user: { select: { id: true, email: true, name: true, role: true } } },
    });
    if (!row?.user) {
      this.known.delete(hash);
      return null;
    }
    const owner: TokenOwner = { id: row.id, name: row.name, user: row.user };
    this.known.set(hash, { ...owner, checkedAt: t });
    this.touch(row.id, t);
    return owner;
  }

  forget(id: string): void {
    for (const [hash, v] of this.known) if (v.id === id) this.known.delete(hash);
  }

  forgetAll(): void {
    this.known.clear();
  }

  /** lastUsedAt, written at most once a minute per token and never waited for. */
  private touch(id: string, t: number): void {
    if (t - (this.touched.get(id) ?? 0) < 60_000) return;
    this.touched.set(id, t);
    void this.prisma.apiToken.update({ where: { id }, data: { lastUsedAt: new Date(t) } }).catch(() => {});
  }
}
