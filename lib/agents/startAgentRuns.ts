import type { SocketServer } from "../runtime/socketEvents";
import type { Db } from "../db";
import type { Sandbox } from "../sandbox/types";
import { AgentRunner, type SessionStarter } from "./runs/AgentRunner";
import { registerRunHandlers } from "./runs/registerRunHandlers";
import { llmConfigFromEnv } from "./llm/LlmEndpoints";
import { createRunLocks } from "./runs/runLocks";

// The agent-runs service, started once by lib/runtime/services.ts after the session manager:
// resumes runs left running (those no other server on the database plays: runLocks.ts), looks
// again now and then (a server that played one may have gone), and serves progress over socket.io;
// routes find it in the Plateau context.

/** How often a server looks for runs left running that nobody plays (their server went away). */
const RESUME_EVERY_MS = 30_000;

export function startAgentRuns(deps: {
  prisma: Db;
  databaseUrl: string;
  io: SocketServer;
  sessions: SessionStarter;
  takeSandbox?: (image: string) => Promise<Sandbox>;
  /** null: only at start. */
  resumeEveryMs?: number | null;
}): {
  runner: AgentRunner;
  /** Call before the session manager shuts down: runs stop taking episodes and stay resumable. */
  stop(): Promise<void>;
  /** Call after it: once their episodes have ended, the runs' locks go (another server may take them). */
  release(): Promise<void>;
} {
  const locks = createRunLocks(deps.databaseUrl, { onLost: (runId) => runner.handOver(runId) });
  const runner = new AgentRunner({
    prisma: deps.prisma,
    sessions: deps.sessions,
    io: deps.io,
    takeSandbox: deps.takeSandbox,
    locks,
  });
  registerRunHandlers(deps.io, runner);
  const llm = llmConfigFromEnv();
  if (llm.error) console.error(`plateau: LLM endpoints: ${llm.error}`);
  console.log(
    `plateau: LLM endpoints: ${llm.endpoints.map((e) => e.name).join(", ") || "none configured (PLATEAU_LLM_BASE_URL, PLATEAU_LLM_ENDPOINTS)"}`,
  );
  const resume = () =>
    void runner.resumeAll().catch((err: Error) => console.error(`plateau: resuming agent runs: ${err.message}`));
  resume();
  const every = deps.resumeEveryMs === undefined ? RESUME_EVERY_MS : deps.resumeEveryMs;
  const again = every === null ? null : setInterval(resume, every).unref();
  return {
    runner,
    async stop() {
      if (again) clearInterval(again);
      runner.stop();
    },
    async release() {
      await runner.drain();
      await locks.close();
    },
  };
}
