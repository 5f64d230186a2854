import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../lib/db/testing";
import type { Database } from "../../lib/db";
import { hashToken } from "../../lib/auth/apiTokens";
import { parseTokenArgs, tokenCommand } from "./token";
import { parseUserArgs, userCommand } from "./user";
import { UsageError, type Io } from "./io";

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

function captureIo() {
  const c = { lines: [] as string[], errs: [] as string[] };
  const io: Io = { root: "/", cwd: "/", out: (l) => c.lines.push(l), err: (l) => c.errs.push(l), stderr: process.stderr };
  return { ...c, io };
}

describe("plateau user", () => {
  it("makes the first admin and prints a one-time sign-in link; refuses what it cannot read", async () => {
    const c = captureIo();
    expect(await tokenCommand(db.prisma, parseTokenArgs(["create", "early"]), c.io).catch((e: Error) => e.message)).toMatch(
      /no account yet/,
    );
    expect(await userCommand(db.prisma, parseUserArgs(["create", "--admin", "Boss@Example.org"]), c.io)).toBe(0);
    expect(c.errs).toContain("created boss@example.org (admin)");
    expect(c.lines.at(-1)).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/auth\/magic-link\/verify\?token=\w+/);
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: "boss@example.org" } });
    expect(user.role).toBe("admin");
    expect(await userCommand(db.prisma, parseUserArgs(["link", "nobody@example.org"]), c.io)).toBe(1);
    expect(() => parseUserArgs(["create", "x@example.org"])).toThrow(/say one role/);
    expect(() => parseUserArgs(["create", "--admin", "--participant", "x@example.org"])).toThrow(/say one role/);
    await expect(userCommand(db.prisma, parseUserArgs(["create", "--researcher", "not-an-email"]), c.io)).rejects.toThrow(
      /not an email/,
    );
  });
});

describe("plateau token", () => {
  it("creates a token shown once on stdout, lists it and revokes it by name", async () => {
    const c = captureIo();
    expect(await tokenCommand(db.prisma, parseTokenArgs(["create", "my", "agent"]), c.io)).toBe(0);
    const token = c.lines[0];
    expect(token).toMatch(/^plt_/);
    expect(c.errs[0]).toMatch(/^token "my agent" \(\w+\) for boss@example\.org created/);
    expect(await db.prisma.apiToken.count({ where: { hash: hashToken(token) } })).toBe(1);

    const l = captureIo();
    await tokenCommand(db.prisma, parseTokenArgs(["list"]), l.io);
    expect(l.lines.join("\n")).toMatch(/my agent {2}created .* last used never/);

    const r = captureIo();
    expect(await tokenCommand(db.prisma, parseTokenArgs(["revoke", "my agent"]), r.io)).toBe(0);
    expect(await tokenCommand(db.prisma, parseTokenArgs(["revoke", "my agent"]), r.io)).toBe(1);
    expect(r.errs).toEqual(['no token with id or name "my agent"']);
  });

  it("gives no token to a participant", async () => {
    const c = captureIo();
    expect(await userCommand(db.prisma, parseUserArgs(["create", "--participant", "p@example.org"]), c.io)).toBe(0);
    await expect(tokenCommand(db.prisma, parseTokenArgs(["create", "x", "--user", "p@example.org"]), c.io)).rejects.toThrow(
      /tokens are for researchers and admins/,
    );
  });

  it("refuses what it cannot read", () => {
    expect(() => parseTokenArgs([])).toThrow(UsageError);
    expect(() => parseTokenArgs(["create"])).toThrow(/give the token a name/);
    expect(() => parseTokenArgs(["revoke"])).toThrow(UsageError);
    expect(() => parseTokenArgs(["delete", "x"])).toThrow(/cannot read "token delete x"/);
  });
});
