import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runPlateau } from "./testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../lib/db/testing";
import type { Database } from "../../lib/db";
import { setPlateau } from "../../lib/runtime/context";
import { asResearcher, startTestAuth } from "../../lib/auth/testing";
import { interCodeLogsDir } from "../../lib/importers/testing/interCodeLogs";
import { GET } from "../../app/api/stats/route";

// The `plateau` bin end to end: a real process, a real database (DATABASE_URL), InterCode's logs.

let db: Database;
const logs = interCodeLogsDir();

const plateau = (...args: string[]) => runPlateau(db.url, ...args);

beforeAll(async () => {
  db = await openTestDatabase();
  const access = startTestAuth(db.prisma);
  setPlateau({
    prisma: db.prisma,
    databaseKind: "embedded",
    sandbox: { driver: null, reason: "test" },
    auth: access.auth,
    origins: access.origins,
    tokens: access.tokens,
    live: null,
    uploadReader: null,
  });
}, 120_000);
afterAll(async () => db?.close());

describe("npx plateau", { timeout: 240_000 }, () => {
  it("imports logs (loading the tasks first), merging the four Bash file systems with --run", async () => {
    const sql = await plateau("import", path.join(logs, "sql/gpt-3.5/ic_sql_multiturn_gpt-3.5_10_turns.json"));
    expect(sql.code).toBe(0);
    expect(sql.stdout).toContain('imported 1034 episodes into run "ic_sql_multiturn_gpt-3.5_10_turns" from 1 file');
    expect(sql.stderr).toMatch(/100% 1034\/1034 episodes/); // the progress bar (not a terminal: one line per 10 %)
    const bash = await plateau("import", "--run", "bash try again", path.join(logs, "bash/text-davinci-003"));
    expect(bash.stdout).toContain('imported 199 episodes into run "bash try again" from 4 files');
    const again = await plateau("import", path.join(logs, "sql/gpt-3.5/ic_sql_multiturn_gpt-3.5_10_turns.json"));
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/already imported as run "ic_sql_multiturn_gpt-3\.5_10_turns"; nothing changed/);
  });

  it("prints exactly the JSON of GET /api/stats", async () => {
    const cli = await plateau("stats", "--run", "ic_sql_multiturn_gpt-3.5_10_turns", "--run", "bash try again", "--json");
    expect(cli.code).toBe(0);
    const api = await GET(asResearcher("http://x/api/stats?runs=ic_sql_multiturn_gpt-3.5_10_turns,bash%20try%20again"));
    expect(JSON.parse(cli.stdout)).toEqual(await api.json());
    const table = await plateau("stats", "--run", "ic_sql_multiturn_gpt-3.5_10_turns");
    expect(table.stdout).toMatch(
      /ic_sql_multiturn_gpt-3\.5_10_turns\s+1034\s+47\.3\s+44\.3–50\.3\s+7\.25\s+46\.4\s+8\.5\s+10\.5/,
    );
  });

  it("refuses bad files and bad arguments clearly, with a non-zero exit code", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "plateau-cli-"));
    writeFileSync(path.join(dir, "cut.json"), '{"0": {"environment": "ic_sql", "turn_history": {');
    const bad = await plateau("import", path.join(dir, "cut.json"));
    rmSync(dir, { recursive: true });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/refused .*cut\.json: not valid JSON \(.*\) — the file looks truncated/);
    const group = await plateau("stats", "--group", "colour");
    expect(group.code).toBe(2);
    expect(group.stderr).toMatch(/--group: unknown group "colour"; choose from run, model/);
    expect((await plateau("import")).code).toBe(2);
    expect((await plateau("frobnicate")).code).toBe(2);
  });
});
