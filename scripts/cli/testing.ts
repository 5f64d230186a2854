import { execFile } from "node:child_process";
import { promisify } from "node:util";

// The `plateau` CLI as a real process against a test database, for the CLI's integration tests.

const run = promisify(execFile);

export async function runPlateau(
  databaseUrl: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/plateau.mjs", ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      maxBuffer: 64 << 20,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
