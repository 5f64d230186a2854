import { parseArgs } from "node:util";
import type { Db } from "../../lib/db";
import { createApiToken, listApiTokens, revokeApiToken } from "../../lib/auth/apiTokens";
import { UsageError, type Io } from "./io";

// `plateau token`: API tokens for programs that use the session API (the Python client, agents).

export const TOKEN_HELP = `plateau token create NAME | list | revoke ID|NAME

  create prints a new token once (only its sha256 is stored): give it to a program as
  Authorization: Bearer <token>, or PLATEAU_TOKEN for the Python client. list shows names and
  when each was last used; revoke deletes by id or by name.`;

export type TokenArgs = { action: "create"; name: string } | { action: "list" } | { action: "revoke"; which: string };

export function parseTokenArgs(args: string[]): TokenArgs {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const [action, ...rest] = positionals;
  if (action === "create") {
    const name = rest.join(" ").trim();
    if (!name) throw new UsageError("give the token a name: plateau token create NAME");
    return { action, name };
  }
  if (action === "list" && rest.length === 0) return { action };
  if (action === "revoke" && rest.length === 1) return { action, which: rest[0] };
  throw new UsageError(action ? `cannot read "token ${positionals.join(" ")}"` : "say create, list or revoke");
}

export async function tokenCommand(prisma: Db, a: TokenArgs, io: Io): Promise<number> {
  if (a.action === "create") {
    const t = await createApiToken(prisma, a.name);
    io.err(`token "${t.name}" (${t.id}) created; it is shown this once:`);
    io.out(t.token);
    return 0;
  }
  if (a.action === "list") {
    const tokens = await listApiTokens(prisma);
    if (tokens.length === 0) io.out("no API tokens");
    for (const t of tokens) io.out(`${t.id}  ${t.name}  created ${t.createdAt.toISOString().slice(0, 16)}  last used ${t.lastUsedAt?.toISOString().slice(0, 16) ?? "never"}`);
    return 0;
  }
  const n = await revokeApiToken(prisma, a.which);
  if (n === 0) {
    io.err(`no token with id or name "${a.which}"`);
    return 1;
  }
  io.out(`revoked ${n} token${n > 1 ? "s" : ""} (a running Plateau stops accepting ${n > 1 ? "them" : "it"} within 10 s)`);
  return 0;
}
