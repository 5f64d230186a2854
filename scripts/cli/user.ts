import { parseArgs } from "node:util";
import type { Db } from "../../lib/db";
import { createUser, deleteUser, listUsers } from "../../lib/auth/users";
import type { Role } from "../../lib/auth/roles";
import { UsageError, type Io } from "./io";

// `plateau user`: accounts, made by the operator (nobody signs up). A sign-in link is printed for
// the account; it works once, for an hour, against the Plateau at PLATEAU_PUBLIC_URL (default
// http://HOST:PORT, 127.0.0.1:3000).

export const USER_HELP = `plateau user create --admin|--researcher|--participant EMAIL [--name NAME] [--password PW]
plateau user link EMAIL | list | delete EMAIL

  create makes an account and prints a one-time sign-in link for it (valid 1 hour); with
  --password it can also sign in with that password on /sign-in (a password on the command line
  is visible to others on this machine: prefer links). Creating an existing account changes its
  role (and password). link prints a new sign-in link. delete removes the account, its sessions
  and tokens; its episodes stay.`;

export type UserArgs =
  | { action: "create"; email: string; role: Role; name?: string; password?: string }
  | { action: "link"; email: string }
  | { action: "list" }
  | { action: "delete"; email: string };

export function parseUserArgs(args: string[]): UserArgs {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      admin: { type: "boolean" },
      researcher: { type: "boolean" },
      participant: { type: "boolean" },
      name: { type: "string" },
      password: { type: "string" },
    },
  });
  const [action, ...rest] = positionals;
  if (action === "create") {
    const roles = (["admin", "researcher", "participant"] as const).filter((r) => values[r]);
    if (roles.length !== 1) throw new UsageError("say one role: --admin, --researcher or --participant");
    if (rest.length !== 1) throw new UsageError("give one email: plateau user create --researcher EMAIL");
    return { action, email: rest[0], role: roles[0], name: values.name, password: values.password };
  }
  if (action === "link" && rest.length === 1) return { action, email: rest[0] };
  if (action === "list" && rest.length === 0) return { action };
  if (action === "delete" && rest.length === 1) return { action, email: rest[0] };
  throw new UsageError(action ? `cannot read "user ${positionals.join(" ")}"` : "say create, link, list or delete");
}

export async function userCommand(prisma: Db, a: UserArgs, io: Io): Promise<number> {
  // better-auth takes ~2 s to load: imported here, not by every command of the CLI
  const { startAuth } = await import("../../lib/auth/startAuth");
  const access = startAuth(prisma, {
    host: process.env.HOST ?? "127.0.0.1",
    port: Number(process.env.PORT ?? 3000),
    publicUrl: process.env.PLATEAU_PUBLIC_URL,
  });
  if (a.action === "list") {
    const users = await listUsers(prisma);
    if (users.length === 0) io.out("no accounts");
    for (const u of users) io.out(`${u.email}  ${u.role}  ${u.name}  created ${u.createdAt.toISOString().slice(0, 16)}`);
    return 0;
  }
  if (a.action === "delete") {
    const n = await deleteUser(prisma, a.email);
    if (!n) {
      io.err(`no account ${a.email}`);
      return 1;
    }
    io.out(`deleted ${a.email} (a running Plateau forgets its sessions within seconds)`);
    return 0;
  }
  if (a.action === "create") {
    const { user, created } = await createUser(
      access.auth,
      prisma,
      { email: a.email, role: a.role, name: a.name, password: a.password },
      { update: true },
    );
    io.err(`${created ? "created" : "updated"} ${user.email} (${user.role})`);
  }
  const link = await access.auth.signInLink(a.email);
  if (!link) {
    io.err(`no account ${a.email}`);
    return 1;
  }
  io.err(`one-time sign-in link for ${a.email} (valid 1 hour):`);
  io.out(link);
  return 0;
}
