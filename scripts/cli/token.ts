import { parseArgs } from "node:util";
import type { Db } from "../../lib/db";
import { createApiToken, listApiTokens, revokeApiToken } from "../../lib/auth/apiTokens";
import { isStaff, isRole } from "../../lib/auth/roles";
import { UsageError, type Io } from "./io";

// `plateau token`: API tokens for programs that use the session API (the Python client, agents).
// A token belongs to an account and acts with its role.

export const TOKEN_HELP = `plateau token create NAME [--user EMAIL] | list | revoke ID|NAME

  create prints a new token once (only its sha256 is stored): give it to a program as
  Authorization: Bearer <token>, or PLATEAU_TOKEN for the Python client. The token acts for the
  account --user (a researcher or admin; default: the only admin). list shows names, owners and
  when each was last used; revoke deletes by id or by name.`;

export type TokenArgs =
  { action: "create"; name: string; user: string | null } | { action: "list" } | { action: "revoke"; which: string };

export function parseTokenArgs(args: string[]): TokenArgs {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { user: { type: "string" } } });
  const [action, ...rest] = positionals;
  if (action === "create") {
    const name = rest.join(" ").trim();
    if (!name) throw new UsageError("give the token a name: plateau token create NAME");
    return { action, name, user: values.user ?? null };
  }
  if (values.user) throw new UsageError("--user goes with create");
  if (action === "list" && rest.length === 0) return { action };
  if (action === "revoke" && rest.length === 1) return { action, which: rest[0] };
  throw new UsageError(action ? `cannot read "token ${positionals.join(" ")}"` : "say create, list or revoke");
}

/** The account a new token acts for: --user, else the only admin. */
async function tokenOwner(prisma: Db, email: string | null): Promise<{ id: string; email: string }> {
  if (email) {
    const u = await prisma.user.findUnique({ where: { email: email.toLowerCase() } });
    if (!u) throw new Error(`no account ${email}: make it with plateau user create --researcher ${email}`);
    if (!isRole(u.role) || !isStaff(u.role)) throw new Error(`${email} is a ${u.role}: tokens are for researchers and admins`);
    return u;
  }
  const admins = await prisma.user.findMany({ where: { role: "admin" }, take: 2 });
  if (admins.length === 1) return admins[0];
  throw new Error(
    admins.length
      ? "there are several admins: say which account with --user EMAIL"
      : "no account yet: make one with plateau user create --admin EMAIL",
  );
}

export async function tokenCommand(prisma: Db, a: TokenArgs, io: Io): Promise<number> {
  if (a.action === "create") {
    const owner = await tokenOwner(prisma, a.user);
    const t = await createApiToken(prisma, a.name, owner.id);
    io.err(`token "${t.name}" (${t.id}) for ${owner.email} created; it is shown this once:`);
    io.out(t.token);
    return 0;
  }
  if (a.action === "list") {
    const tokens = await listApiTokens(prisma, null);
    if (tokens.length === 0) io.out("no API tokens");
    for (const t of tokens)
      io.out(
        `${t.id}  ${t.name}  created ${t.createdAt.toISOString().slice(0, 16)}  last used ${t.lastUsedAt?.toISOString().slice(0, 16) ?? "never"}`,
      );
    return 0;
  }
  const n = await revokeApiToken(prisma, a.which, null);
  if (n === 0) {
    io.err(`no token with id or name "${a.which}"`);
    return 1;
  }
  io.out(`revoked ${n} token${n > 1 ? "s" : ""} (a running Plateau stops accepting ${n > 1 ? "them" : "it"} within 10 s)`);
  return 0;
}
