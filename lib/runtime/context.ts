import type { Db } from "../db";
import type { Auth } from "../auth/auth";
import type { Origins } from "../auth/origins";
import type { TokenVerifier } from "../auth/apiTokens";
import type { SessionManager } from "../sessions/SessionManager";
import type { AgentRunner } from "../agents/runs/AgentRunner";
import type { ApiEpisodes } from "../agents/api/ApiEpisodes";
import type { UploadReader } from "../importers/http/uploadReader";

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

/** The live half, started once by lib/runtime/services.ts. */
export interface LiveServices {
  sessions: SessionManager;
  agentRuns: AgentRunner;
  /** The episodes programs opened through the session API. */
  apiEpisodes: ApiEpisodes;
}

export interface Plateau {
  prisma: Db;
  /** What /api/health asks the database through (Database.probe); default: the pool. */
  probe?: Db;
  databaseKind: "embedded" | "external";
  sandbox: SandboxInfo;
  auth: Auth;
  origins: Origins;
  tokens: TokenVerifier;
  /** null where a tool runs without live episodes (the CLI's tests, bench/stats.ts). */
  live: LiveServices | null;
  /** The worker thread that reads uploaded logs (started with the server); null in tools that take no uploads. */
  uploadReader: UploadReader | null;
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

/** The upload reader, for the import route. */
export function getUploadReader(): UploadReader {
  const reader = getPlateau().uploadReader;
  if (!reader) throw new Error("uploads are not read in this process");
  return reader;
}

/** The live half, for a route that cannot answer without it. */
export function getLive(): LiveServices {
  const live = getPlateau().live;
  if (!live) throw new Error("live sessions are not running in this process");
  return live;
}
