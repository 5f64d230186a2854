import { test, expect } from "@playwright/test";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { E2E_PORT } from "./accounts";
import { afterStop, nothingLeft, operatorToken, startFaultServer } from "./faultServer";

// Uploads that cannot be stored must not stall the server. A whole Plateau of its own (as
// faults.spec.ts starts them), in the lane of the suite that shares the e2e server: that server
// idles meanwhile, so its answers measure what the machine itself delays (the fault suite runs
// beside this file, in the other lane).

// Its own ports: E2E_PORT + 1 is the e2e server's fake LLM endpoint, + 2 the fault suite's server.
const PORT = E2E_PORT + 3;
const PG_PORT = Number(process.env.E2E_PG_PORT ?? 5544) + 2;
const execFileAsync = promisify(execFile);

test.describe.configure({ timeout: 420_000 });

/** An InterCode log of `bytes` bytes: many well-formed entries, the last one not (so it is read whole, then refused). */
function bigMalformedLog(bytes: number): string {
  const parts: string[] = [];
  let size = 2;
  for (let i = 0; size < bytes - 200; i++) {
    const entry = JSON.stringify({
      environment: "ic_bash",
      task_id: i % 60,
      turn_history: {
        actions: ["ls -la", "find . -name '*.txt' | wc -l", "submit"],
        observations: ["x".repeat(300), "42\n".repeat(50), null],
        rewards: [0, 0.5, 1],
        valid_action: [true, true, true],
      },
      summary: { max_reward: 1, turns_taken: 3, turns_max: 10 },
    });
    parts.push(`"${i}":${entry}`);
    size += parts.at(-1)!.length + 1;
  }
  parts.push(`"${parts.length}":{"turn_history":{"actions":[1]},"summary":{"max_reward":1}}`);
  return `{${parts.join(",")}}`;
}

/** A GET's status (or why it failed) and how long it took; it gives up after 10 s. */
async function timedGet(url: string): Promise<{ ms: number; answer: number | string }> {
  const t0 = Date.now();
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    await r.arrayBuffer();
    return { ms: Date.now() - t0, answer: r.status };
  } catch (err) {
    return { ms: Date.now() - t0, answer: (err as Error).name };
  }
}

test("ten concurrent 32 MB uploads: /api/health answers within 1 s throughout (beyond what the machine delays an idle server's), and nothing of the refused uploads is stored", async () => {
  const server = await startFaultServer(PORT, PG_PORT, { fresh: true });
  const pid = server.serverPid();
  try {
    const token = await operatorToken(server, PG_PORT);
    const dir = mkdtempSync(path.join(os.tmpdir(), "plateau-uploads-"));
    const file = path.join(dir, "big.json");
    writeFileSync(file, bigMalformedLog(32 * 1024 * 1024 - 4096)); // the form's own bytes keep a body within the 32 MiB limit
    // The machine's own delays, measured beside each health check: the same check of the e2e suite's
    // server, which does nothing meanwhile. On a loaded 2-core machine every request waits its turns
    // for the CPU (a second and more now and then, idle servers too); the bound is on what the
    // uploads add to that.
    const reference = `http://127.0.0.1:${E2E_PORT}/api/health`;
    const polls: Array<{ ms: number; answer: number | string; referenceMs: number }> = [];
    let uploading = true;
    const polling = (async () => {
      while (uploading) {
        const [health, ref] = await Promise.all([timedGet(`${server.url}/api/health`), timedGet(reference)]);
        polls.push({ ms: health.ms, answer: health.answer, referenceMs: ref.ms });
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    // Sent by curl, so this process is free to time the health check.
    const uploads = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const { stdout } = await execFileAsync("curl", [
          "-sS",
          "-H",
          `authorization: Bearer ${token}`,
          "-H",
          "Expect:",
          "-F",
          `file=@${file};filename=big_${i}_fs_1.json;type=application/json`,
          "-w",
          "\n%{http_code}",
          `${server.url}/api/imports`,
        ]);
        const [body, status] = [stdout.slice(0, stdout.lastIndexOf("\n")), stdout.slice(stdout.lastIndexOf("\n") + 1)];
        return { status: Number(status), error: (JSON.parse(body) as { error?: string }).error };
      }),
    ).finally(() => {
      uploading = false;
      rmSync(dir, { recursive: true, force: true });
    });
    await polling;
    const slowest = polls.reduce((a, b) => (b.ms - b.referenceMs > a.ms - a.referenceMs ? b : a));
    console.log(
      `health during the uploads: ${polls.length} polls; the slowest answered in ${Math.max(...polls.map((p) => p.ms))} ms; the most beyond the reference: ${slowest.ms} ms (the reference ${slowest.referenceMs} ms)`,
    );
    for (const u of uploads) {
      expect(u.status, u.error).toBe(422);
      expect(u.error).toMatch(/not an experiment-log entry/);
    }
    expect(polls.length, "health polls during the uploads").toBeGreaterThan(5);
    expect(polls.filter((p) => p.answer !== 200)).toEqual([]);
    expect(
      polls.filter((p) => p.ms - p.referenceMs > 1000),
      "health polls over 1 s beyond the reference's time",
    ).toEqual([]);
  } finally {
    process.kill(-server.npm.pid!, "SIGINT");
    await server.exited();
  }
  await nothingLeft(server, pid);
  const rows = await afterStop(
    server.dataDir,
    PG_PORT,
    async (c) =>
      (
        await c.query<{ runs: number; episodes: number }>(
          `SELECT (SELECT count(*)::int FROM "Run") AS runs, (SELECT count(*)::int FROM "Episode") AS episodes`,
        )
      ).rows[0],
  );
  expect(rows).toEqual({ runs: 0, episodes: 0 });
});
