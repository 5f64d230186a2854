import type { Db } from "../db";
import type { Auth } from "../auth/auth";
import type { Origins } from "../auth/origins";

// The process-wide services, created once by server.ts and read by route handlers. Next bundles
// route code separately from server.ts, so a module-level singleton would exist twice: the one
// shared slot is globalThis.

export interface SandboxInfo {
  driver: "docker" | "local" | null;
  /** Why this driver was chosen and what it caps, or what is missing when none can run. */
  reason: string;
  /** A limit the chosen driver cannot apply here (e.g. "sandbox disk NOT capped: …"). */
  warning?: string;
}

export interface Plateau {
  prisma: Db;
  /** What /api/health asks the database through (Database.probe); default: the pool. */
  probe?: Db;
  databaseKind: "embedded" | "external";
  sandbox: SandboxInfo;
  auth: Auth;
  origins: Origins;
  /** Extra services registered by other domains (sessions, runs), by name. */
  services: Map<string, unknown>;
}

const KEY = Symbol.for("plateau.context");
type Slot = { [KEY]?: Plateau };

export function setPlateau(p: Plateau): void {
  (globalThis as Slot)[KEY] = p;
}

export function getPlateau(): Plateau {
  const p = (globalThis as Slot)[KEY];
  if (!p) throw new Error("Plateau is not initialised: start it with `npm start` (server.ts), not `next start`");
  return p;
}

export function getService<T>(name: string): T {
  const s = getPlateau().services.get(name);
  if (!s) throw new Error(`service ${name} is not running`);
  return s as T;
}
