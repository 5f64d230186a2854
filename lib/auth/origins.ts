// Where Plateau is reached: the configured public URL (PLATEAU_PUBLIC_URL), or the address it
// listens on. A request naming another Host (DNS rebinding) or sent from another Origin (a page of
// another site making the visitor's browser act) is refused.

export interface Origins {
  /** The URL sign-in links and cookies are made for, e.g. https://plateau.example.org */
  publicUrl: string;
  /** Origins a mutating request may come from (scheme://host:port). */
  origins: Set<string>;
  /** Host header values accepted (host:port as the browser sends it). */
  hosts: Set<string>;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host);
}

export function resolveOrigins(env: { publicUrl?: string; host: string; port: number }): Origins {
  const listenHost = env.host === "0.0.0.0" || env.host === "::" ? "127.0.0.1" : env.host;
  const base = new URL(
    env.publicUrl?.trim() ||
      `http://${listenHost.includes(":") && !listenHost.startsWith("[") ? `[${listenHost}]` : listenHost}:${env.port}`,
  );
  if (base.protocol !== "http:" && base.protocol !== "https:")
    throw new Error(`PLATEAU_PUBLIC_URL must be http(s): ${env.publicUrl}`);
  const origins = new Set([base.origin]);
  const hosts = new Set([base.host]);
  // On a loopback address the other loopback names reach the same server.
  if (isLoopback(base.hostname) || isLoopback(listenHost)) {
    for (const h of ["127.0.0.1", "localhost", "[::1]"]) {
      origins.add(`http://${h}:${env.port}`);
      hosts.add(`${h}:${env.port}`);
    }
  }
  return { publicUrl: base.origin, origins, hosts };
}

export interface CrossSiteInput {
  method: string;
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/** Why this request is refused as coming from elsewhere, or null. */
export function crossSiteRefusal(o: Origins, r: CrossSiteInput): string | null {
  if (!r.host || !o.hosts.has(r.host.toLowerCase()))
    return `unknown host ${JSON.stringify(r.host ?? "")}: Plateau answers at ${o.publicUrl} (set PLATEAU_PUBLIC_URL)`;
  if (SAFE.has(r.method)) return null;
  if (r.origin !== undefined) {
    return o.origins.has(r.origin.toLowerCase()) ? null : `cross-site request refused: Origin ${r.origin} is not ${o.publicUrl}`;
  }
  // No Origin: a program (curl, an agent's client) rather than a browser — unless the browser says so.
  return r.secFetchSite === "cross-site" ? "cross-site request refused" : null;
}
