import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../db/testing";
import type { Database } from "../db";
import { bearerToken, createApiToken, hashToken, listApiTokens, revokeApiToken, TokenVerifier } from "./apiTokens";

// API tokens on a real PostgreSQL: only the hash is stored, verification is cached briefly,
// revocation takes effect, lastUsedAt is written (throttled).

let db: Database;
let uid: string;
let other: string;
beforeAll(async () => {
  db = await openTestDatabase();
  uid = (await db.prisma.user.create({ data: { id: "u-researcher", name: "r", email: "r@test.example", role: "researcher" } }))
    .id;
  other = (await db.prisma.user.create({ data: { id: "u-other", name: "o", email: "o@test.example", role: "researcher" } })).id;
});
afterAll(async () => {
  await db?.close();
});

describe("API tokens", () => {
  it("stores only a sha256 of the token, shown once", async () => {
    const t = await createApiToken(db.prisma, "  ci agent ", uid);
    expect(t.token).toMatch(/^plt_[A-Za-z0-9_-]{32}$/);
    expect(t.name).toBe("ci agent");
    const row = await db.prisma.apiToken.findUniqueOrThrow({ where: { id: t.id } });
    expect(row.hash).toBe(hashToken(t.token));
    expect(JSON.stringify(row)).not.toContain(t.token);
    expect((await listApiTokens(db.prisma, uid)).map((x) => x.name)).toContain("ci agent");
    expect((await listApiTokens(db.prisma, other)).map((x) => x.name)).not.toContain("ci agent");
    await expect(createApiToken(db.prisma, "   ", uid)).rejects.toThrow(/needs a name/);
  });

  it("verifies, caches, notes use, and forgets revoked tokens", async () => {
    let now = 1_000_000;
    const v = new TokenVerifier(db.prisma, 10_000, () => now);
    const t = await createApiToken(db.prisma, "verifier", uid);
    expect(await v.verify(t.token)).toEqual({
      id: t.id,
      name: "verifier",
      user: { id: uid, email: "r@test.example", name: "r", role: "researcher" },
    });
    expect(await v.verify("plt_wrong")).toBeNull();
    await new Promise((r) => setTimeout(r, 100));
    expect((await db.prisma.apiToken.findUniqueOrThrow({ where: { id: t.id } })).lastUsedAt?.getTime()).toBe(now);

    expect(await revokeApiToken(db.prisma, t.id, other)).toBe(0); // not another account's to revoke
    expect(await revokeApiToken(db.prisma, t.id, uid)).toBe(1);
    expect(await v.verify(t.token)).not.toBeNull(); // cached for up to ttl in another process…
    v.forget(t.id); // …at once in this one
    expect(await v.verify(t.token)).toBeNull();
    now += 20_000;
    expect(await v.verify(t.token)).toBeNull();
  });

  it("revokes by name", async () => {
    await createApiToken(db.prisma, "twice", uid);
    await createApiToken(db.prisma, "twice", other);
    expect(await revokeApiToken(db.prisma, "twice", null)).toBe(2);
    expect(await revokeApiToken(db.prisma, "no-such", null)).toBe(0);
  });

  it("refuses a token made before accounts (no owner), and one whose account is gone", async () => {
    const v = new TokenVerifier(db.prisma);
    const orphan = await db.prisma.apiToken.create({ data: { name: "old", hash: hashToken("plt_old-token") } });
    expect(await v.verify("plt_old-token")).toBeNull();
    const doomed = await db.prisma.user.create({
      data: { id: "u-doomed", name: "d", email: "d@test.example", role: "researcher" },
    });
    const t = await createApiToken(db.prisma, "doomed", doomed.id);
    await db.prisma.user.delete({ where: { id: doomed.id } });
    expect(await v.verify(t.token)).toBeNull();
    await db.prisma.apiToken.delete({ where: { id: orphan.id } });
  });

  it("reads a bearer header", () => {
    expect(bearerToken("Bearer plt_abc")).toBe("plt_abc");
    expect(bearerToken("bearer   plt_abc  ")).toBe("plt_abc");
    expect(bearerToken("Basic xyz")).toBeNull();
    expect(bearerToken(null)).toBeNull();
    expect(bearerToken("Bearer a b")).toBeNull();
  });
});
