import { z } from "zod";
import type { Db } from "../db";
import type { Auth } from "./auth";
import { isRole, type Role } from "./roles";

// Accounts: made by an admin (page or `plateau user create`), never by signing up. Passwords are
// hashed by better-auth; an account without one signs in by a one-time link.

export const Email = z.string().trim().toLowerCase().email("not an email address").max(200);
export const Password = z.string().min(10, "a password has at least 10 characters").max(200);

export interface UserView {
  id: string;
  email: string;
  name: string;
  role: Role;
  createdAt: Date;
}

export interface NewUser {
  email: string;
  role: Role;
  name?: string;
  password?: string;
}

/** Create an account (or, with `update`, change an existing one's role and password). */
export async function createUser(
  a: Auth,
  prisma: Db,
  u: NewUser,
  opts: { update?: boolean } = {},
): Promise<{ user: UserView; created: boolean }> {
  const email = Email.parse(u.email);
  if (!isRole(u.role)) throw new Error(`unknown role ${u.role}`);
  const password = u.password === undefined ? undefined : Password.parse(u.password);
  const ctx = await a.auth.$context;
  const existing = await prisma.user.findUnique({ where: { email } });
  if (existing && !opts.update) throw new Error(`an account for ${email} exists already`);
  const user = existing
    ? await prisma.user.update({ where: { id: existing.id }, data: { role: u.role, ...(u.name ? { name: u.name } : {}) } })
    : await prisma.user.findUniqueOrThrow({
        where: {
          id: (
            await ctx.internalAdapter.createUser(
              { email, name: u.name ?? email.split("@")[0], emailVerified: true, role: u.role },
              { method: "admin" },
            )
          ).id,
        },
      });
  if (password !== undefined) {
    const hash = await ctx.password.hash(password);
    const credential = await prisma.account.findFirst({ where: { userId: user.id, providerId: "credential" } });
    if (credential) await ctx.internalAdapter.updatePassword(user.id, hash);
    else await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
  }
  return { user: view(user), created: !existing };
}

export async function listUsers(prisma: Db): Promise<UserView[]> {
  return (await prisma.user.findMany({ orderBy: { createdAt: "asc" } })).map(view);
}

/** Delete an account: its sessions and tokens go with it; its episodes stay, without an owner. */
export async function deleteUser(prisma: Db, idOrEmail: string): Promise<number> {
  const r = await prisma.user.deleteMany({ where: { OR: [{ id: idOrEmail }, { email: idOrEmail.toLowerCase() }] } });
  return r.count;
}

export async function hasAdmin(prisma: Db): Promise<boolean> {
  return (await prisma.user.count({ where: { role: "admin" } })) > 0;
}

function view(u: { id: string; email: string; name: string; role: string; createdAt: Date }): UserView {
  return { id: u.id, email: u.email, name: u.name, role: isRole(u.role) ? u.role : "participant", createdAt: u.createdAt };
}
