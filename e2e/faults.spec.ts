import { test, expect } from "@playwright/test";
import { api, containersOf, plateauCli, processesLeft, startFaultServer, storedEpisodes, type FaultServer } from "./faultServer";

// The fault suite's process half: `npm start` as an operator runs it, stopped by a terminal's Ctrl-C
// (SIGINT to its whole process group), by a service manager's SIGTERM to npm alone, and killed with
// -9. Every episode an agent was answered for is stored with every step it was answered; nothing of
// Plateau (server, PostgreSQL, containers) is left running after a stop.

const PORT = Number(process.env.E2E_PORT ?? 3100) + 1;
const PG_PORT = Number(process.env.E2E_PG_PORT ?? 5544) + 1;

test.describe.configure({ mode: "serial", timeout: 420_000 });

/** n agent episodes through the session API, each answered `steps` actions; what they were answered. */
async function playAgents(server: FaultServer, n: number, steps: number): Promise<Map<string, string[]>> {
  plateauCli(server, PG_PORT, "user", "list"); // the operator account exists (made at start on loopback)
  const token = plateauCli(server, PG_PORT, "token", "create", `faults-${Date.now()}`).split("\n").pop()!;
  const call = api(server.url, token);
  const answered = new Map<string, string[]>();
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const created = await call("POST", "/api/v1/episodes", { task: { dataset: "nl2bash_fs_1", index: i % 5 }, turnLimit: 10 });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.episodeId as string;
      answered.set(id, []);
      for (let s = 0; s < steps; s++) {
        const action = `echo episode ${i} step ${s}`;
        const r = await call("POST", `/api/v1/episodes/${id}/step`, { action });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        answered.get(id)!.push(action);
      }
    }),
  );
  return answered;
}

async function nothingLeft(server: FaultServer, pid: number): Promise<void> {
  for (let i = 0; i < 60 && processesLeft(server.dataDir, pid).length; i++) await new Promise((r) => setTimeout(r, 500));
  expect(processesLeft(server.dataDir, pid)).toEqual([]);
  expect(await containersOf(pid)).toEqual([]);
}

async function expectStored(server: FaultServer, answered: Map<string, string[]>, status: string): Promise<void> {
  const stored = await storedEpisodes(server.dataDir, PG_PORT, [...answered.keys()]);
  for (const [id, actions] of answered) expect(stored.get(id), id).toEqual({ status, steps: actions });
}

for (const how of ["Ctrl-C (SIGINT to the process group)", "SIGTERM to the npm process alone"] as const) {
  test(`${how} with 8 live episodes: all stored as interrupted with all their steps; no container, PostgreSQL or server left`, async () => {
    const server = await startFaultServer(PORT, PG_PORT, { fresh: true });
    const pid = server.serverPid();
    try {
      const answered = await playAgents(server, 8, 2);
      if (how.startsWith("Ctrl-C")) process.kill(-server.npm.pid!, "SIGINT");
      else process.kill(server.npm.pid!, "SIGTERM");
      await server.exited();
      await nothingLeft(server, pid);
      expect(server.log()).toMatch(/stopping/);
      expect(server.log()).not.toMatch(/storing failed|could not store/);
      await expectStored(server, answered, "interrupted");
    } finally {
      try {
        process.kill(pid, "SIGTERM"); // a failed test still stops its server, in order
      } catch {
        /* gone, as it should be */
      }
    }
  });
}

test("kill -9 of the server mid-episode: after a restart its episodes are interrupted with every step the agents were answered", async () => {
  const first = await startFaultServer(PORT, PG_PORT, { fresh: true });
  const answered = await playAgents(first, 4, 2);
  const firstPid = first.serverPid();
  process.kill(firstPid, "SIGKILL");
  await first.exited();
  // PostgreSQL (its own process group) outlived the server; the next start stops it and goes on.
  const second = await startFaultServer(PORT, PG_PORT, { fresh: false });
  const pid = second.serverPid();
  process.kill(-second.npm.pid!, "SIGINT");
  await second.exited();
  await nothingLeft(second, pid);
  expect(await containersOf(firstPid)).toEqual([]); // the killed server's, removed by the next start
  await expectStored(second, answered, "interrupted");
});
