import type { SocketServer } from "../runtime/socketEvents";
import type { Db } from "../db";
import type { Sandbox } from "../sandbox/types";
import { AgentRunner, type SessionStarter } from "./runs/AgentRunner";
import { registerRunHandlers } from "./runs/registerRunHandlers";
import { llmConfigFromEnv } from "./llm/LlmEndpoints";

// The agent-runs service, started once by lib/runtime/services.ts after the session manager:
// resumes runs left running and serves progress over socket.io; routes find it in the Plateau context.

export function startAgentRuns(deps: {
  prisma: Db;
  io: SocketServer;
  sessions: SessionStarter;
  takeSandbox?: (image: string) => Promise<Sandbox>;
}): {
  runner: AgentRunner;
  /** Call before the session manager shuts down: runs stop taking episodes and stay resumable. */
  stop(): Promise<void>;
} {
  const runner = new AgentRunner({ prisma: deps.prisma, sessions: deps.sessions, io: deps.io, takeSandbox: deps.takeSandbox });
  registerRunHandlers(deps.io, runner);
  const llm = llmConfigFromEnv();
  if (llm.error) console.error(`plateau: LLM endpoints: ${llm.error}`);
  console.log(`plateau: LLM endpoints: ${llm.endpoints.map((e) => e.name).join(", ") || "none configured (PLATEAU_LLM_BASE_URL, PLATEAU_LLM_ENDPOINTS)"}`);
  void runner.resumeAll().catch((err: Error) => console.error(`plateau: resuming agent runs: ${err.message}`));
  return {
    runner,
    async stop() {
      runner.stop();
    },
  };
}
