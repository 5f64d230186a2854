import { describe, expect, it } from "vitest";
import type { IncomingMessage } from "node:http";
import { clientAddress, decide } from "./gate";
import type { Identity, IdentityResolver } from "./identity";
import { resolveOrigins } from "./origins";
import { identityFromHeaders } from "./requestIdentity";

// The door's decisions, table by table: foreign Host and Origin, anonymous visitors, roles.

const origins = resolveOrigins({ host: "127.0.0.1", port: 3000 });
const people: Record<string, Identity> = {
  researcher: { userId: "r", email: "r@x.org", name: "r", role: "researcher", tokenId: null },
  participant: { userId: "p", email: "p@x.org", name: "p", role: "participant", tokenId: null },
  admin: { userId: "a", email: "a@x.org", name: "a", role: "admin", tokenId: null },
};
/** Stands in for the session lookup: the cookie names the person. */
const identities: IdentityResolver = { resolve: async (h) => people[h.get("cookie") ?? ""] ?? null, forget: () => {} };

const ask = (method: string, url: string, headers: Record<string, string> = {}) =>
  decide(origins, identities, { method, url, headers: new Headers({ host: "127.0.0.1:3000", ...headers }) });

describe("the gate", () => {
  it("refuses another Host (DNS rebinding) and a mutating request from another Origin", async () => {
    expect(await ask("GET", "/api/health", { host: "evil.example:3000" })).toMatchObject({
      pass: false,
      status: 403,
      message: expect.stringMatching(/unknown host/),
    });
    expect(await ask("POST", "/api/tokens", { cookie: "researcher", origin: "http://evil.example" })).toMatchObject({
      pass: false,
      status: 403,
      message: expect.stringMatching(/cross-site/),
    });
    expect(await ask("POST", "/api/tokens", { cookie: "researcher", origin: "null" })).toMatchObject({
      pass: false,
      status: 403,
    });
    expect(await ask("POST", "/api/tokens", { cookie: "researcher", "sec-fetch-site": "cross-site" })).toMatchObject({
      pass: false,
      status: 403,
    });
    expect(await ask("POST", "/api/tokens", { cookie: "researcher", origin: "http://localhost:3000" })).toMatchObject({
      pass: true,
    });
    expect(await ask("POST", "/api/tokens", { cookie: "researcher" })).toMatchObject({ pass: true }); // a program: no Origin
  });

  it("sends anonymous visitors to sign in (401 on the API), except on the public paths", async () => {
    expect(await ask("GET", "/tasks?env=bash")).toEqual({
      pass: false,
      status: 303,
      message: "sign in first",
      location: "/sign-in?next=%2Ftasks%3Fenv%3Dbash",
    });
    expect(await ask("GET", "/api/tasks/1/gold")).toMatchObject({ pass: false, status: 401 });
    expect(await ask("POST", "/play/1/start")).toMatchObject({ pass: false, status: 401 });
    for (const open of [
      "/sign-in",
      "/api/health",
      "/api/auth/sign-in/email",
      "/_next/static/chunks/a.js",
      "/icon.svg",
      "/favicon.ico",
      "/logo.svg",
    ])
      expect(await ask("GET", open)).toMatchObject({ pass: true });
    expect(await ask("GET", "/_next/static/chunks/a.js", { cookie: "researcher" })).toEqual({ pass: true, who: null }); // no session looked up for a file
  });

  it("gives a participant only their paths, and accounts to admins only", async () => {
    for (const path of ["/", "/play/3", "/episodes/abc", "/api/episodes/abc/cast"])
      expect(await ask("GET", path, { cookie: "participant" })).toMatchObject({ pass: true });
    // A participant's episodes are started by their study, never by picking a task.
    expect(await ask("POST", "/play/3/start", { cookie: "participant" })).toMatchObject({ pass: false, status: 403 });
    expect(await ask("POST", "/study/next", { cookie: "participant" })).toMatchObject({ pass: true });
    for (const path of [
      "/tasks",
      "/api/tasks/1/gold",
      "/api/tokens",
      "/runs",
      "/compare",
      "/api/stats",
      "/agent-runs",
      "/episodes",
      "/api/imports",
    ]) {
      expect(await ask("GET", path, { cookie: "participant" })).toMatchObject({ pass: false, status: 403 });
    }
    expect(await ask("GET", "/api/users", { cookie: "researcher" })).toMatchObject({ pass: false, status: 403 });
    expect(await ask("GET", "/api/users", { cookie: "admin" })).toMatchObject({ pass: true });
    expect(await ask("GET", "/api/tasks/1/gold", { cookie: "researcher" })).toMatchObject({ pass: true, who: people.researcher });
  });

  it("reads paths as Next.js will: percent-encoding decoded, dot segments refused", async () => {
    expect(await ask("GET", "/%74asks", { cookie: "participant" })).toMatchObject({ pass: false, status: 403 });
    expect(await ask("GET", "/play/3/../../tasks", { cookie: "participant" })).toMatchObject({ pass: false });
    expect(await ask("GET", "/play/%E0%A4%A", { cookie: "participant" })).toMatchObject({ pass: false, status: 400 });
  });

  it("only trusts the identity header it set itself", () => {
    expect(identityFromHeaders(new Headers({ "x-plateau-identity": "not json" }))).toBeNull();
    expect(
      identityFromHeaders(
        new Headers({ "x-plateau-identity": encodeURIComponent(JSON.stringify({ userId: "x", role: "god" })) }),
      ),
    ).toBeNull();
  });
});

describe("origins", () => {
  it("accepts every loopback name on a loopback address, only the public URL behind a proxy", () => {
    expect([...origins.origins]).toEqual(
      expect.arrayContaining(["http://127.0.0.1:3000", "http://localhost:3000", "http://[::1]:3000"]),
    );
    const pub = resolveOrigins({ host: "0.0.0.0", port: 3000, publicUrl: "https://plateau.example.org/" });
    expect(pub.publicUrl).toBe("https://plateau.example.org");
    expect(pub.hosts.has("plateau.example.org")).toBe(true);
    expect(pub.origins.has("http://plateau.example.org")).toBe(false);
  });
});

describe("the client's address (sign-in rate limits count per address)", () => {
  const req = (forwarded?: string) =>
    ({
      headers: forwarded ? { "x-forwarded-for": forwarded } : {},
      socket: { remoteAddress: "10.0.0.5" },
    }) as unknown as IncomingMessage;
  it("is the socket's, whatever a client claims, unless a proxy is trusted", () => {
    expect(clientAddress(req("1.2.3.4"), false)).toBe("10.0.0.5");
    expect(clientAddress(req("6.6.6.6, 1.2.3.4"), true)).toBe("1.2.3.4"); // the hop the trusted proxy added
    expect(clientAddress(req(), true)).toBe("10.0.0.5");
  });
});
