import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../db/testing";
import type { Database } from "../db";
import { bearerToken, createApiToken, hashToken, listApiTokens, revokeApiToken, TokenVerifier } from "./apiTokens";

// API tokens on a real PostgreSQL: only the hash is stored, verification is cached briefly,
// revocation takes effect, lastUsedAt is written (throttled).

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

describe("API tokens", () => {
  it("stores only a sha256 of the token, shown once", async () => {
    const t = await createApiToken(db.prisma, "  ci agent ");
    expect(t.token).toMatch(/^plt_[A-Za-z0-9_-]{32}$/);
    expect(t.name).toBe("ci agent");
    const row = await db.prisma.apiToken.findUniqueOrThrow({ where: { id: t.id } });
    expect(row.hash).toBe(hashToken(t.token));
    expect(JSON.stringify(row)).not.toContain(t.token);
    expect((await listApiTokens(db.prisma)).map((x) => x.name)).toContain("ci agent");
    await expect(createApiToken(db.prisma, "   ")).rejects.toThrow(/needs a name/);
  });

  it("verifies, caches, notes use, and forgets revoked tokens", async () => {
    let now = 1_000_000;
    const v = new TokenVerifier(db.prisma, 10_000, () => now);
    const t = await createApiToken(db.prisma, "verifier");
    expect(await v.verify(t.token)).toEqual({ id: t.id, name: "verifier" });
    expect(await v.verify("plt_wrong")).toBeNull();
    await new Promise((r) => setTimeout(r, 100));
    expect((await db.prisma.apiToken.findUniqueOrThrow({ where: { id: t.id } })).lastUsedAt?.getTime()).toBe(now);

    expect(await revokeApiToken(db.prisma, t.id)).toBe(1);
    expect(await v.verify(t.token)).not.toBeNull(); // cached for up to ttl in another process…
    v.forget(t.id); // …at once in this one
    expect(await v.verify(t.token)).toBeNull();
    now += 20_000;
    expect(await v.verify(t.token)).toBeNull();
  });

  it("revokes by name", async () => {
    await createApiToken(db.prisma, "twice");
    await createApiToken(db.prisma, "twice");
    expect(await revokeApiToken(db.prisma, "twice")).toBe(2);
    expect(await revokeApiToken(db.prisma, "no-such")).toBe(0);
  });

  it("reads a bearer header", () => {
    expect(bearerToken("Bearer plt_abc")).toBe("plt_abc");
    expect(bearerToken("bearer   plt_abc  ")).toBe("plt_abc");
    expect(bearerToken("Basic xyz")).toBeNull();
    expect(bearerToken(null)).toBeNull();
    expect(bearerToken("Bearer a b")).toBeNull();
  });
});
