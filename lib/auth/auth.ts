import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { magicLink } from "better-auth/plugins/magic-link";
import type { Db } from "../db";
import { CLIENT_IP_HEADER } from "./requestIdentity";

// Accounts and browser sessions, by better-auth (README "Security" says why this library): it owns
// the session cookie (HttpOnly, SameSite=Lax, Secure behind HTTPS), password hashing (scrypt) and
// one-time sign-in links; Plateau adds roles and decides who may open what (roles.ts, gate.ts).

export interface AuthOptions {
  prisma: Db;
  /** The public URL: sign-in links point there, cookies are Secure when it is https. */
  baseURL: string;
  secret: string;
  trustedOrigins: string[];
  /** How long a sign-in link stays valid (s). */
  linkTtlSeconds?: number;
}

export function createAuth(o: AuthOptions) {
  // better-auth hands a new sign-in link to a sender; Plateau's sender is whoever asked for it (the
  // CLI prints it, start-up prints the operator's, the studies' invites show it), so keep the last one.
  const links = new Map<string, string>();
  const auth = betterAuth({
    appName: "Plateau",
    baseURL: o.baseURL,
    basePath: "/api/auth",
    secret: o.secret,
    database: prismaAdapter(o.prisma, { provider: "postgresql" }),
    trustedOrigins: o.trustedOrigins,
    telemetry: { enabled: false },
    // Accounts are made by an admin (or the CLI), never by signing up.
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 10 },
    user: { additionalFields: { role: { type: "string", required: false, defaultValue: "participant", input: false } } },
    session: { expiresIn: 7 * 24 * 3600, updateAge: 24 * 3600 },
    advanced: {
      cookiePrefix: "plateau",
      useSecureCookies: o.baseURL.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // Sign-in attempts are rate-limited per address: the one the gate saw (never a client's header).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      magicLink({
        disableSignUp: true,
        expiresIn: o.linkTtlSeconds ?? 3600,
        storeToken: "hashed",
        sendMagicLink: ({ email, url }) => {
          links.set(email.toLowerCase(), url);
        },
      }),
    ],
  });
  return {
    auth,
    /** A one-time sign-in link for an existing account (null when there is none). */
    async signInLink(email: string, next = "/"): Promise<string | null> {
      const key = email.toLowerCase();
      // better-auth sends a link for any address (signing up is refused later, at the link): ask first.
      if (!(await (await auth.$context).internalAdapter.findUserByEmail(key))) return null;
      links.delete(key);
      try {
        await auth.api.signInMagicLink({ body: { email: key, callbackURL: next }, headers: new Headers() });
      } catch {
        return null;
      }
      const url = links.get(key) ?? null;
      links.delete(key);
      return url;
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;
