import { execFileSync } from "node:child_process";
import path from "node:path";

// The e2e server's accounts, made with the CLI against its database (as an operator would), and
// the browser states of people signed in as them (made by auth.setup.ts).

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The e2e server's one LLM endpoint, e2e-local (scripts/e2e-server.sh): only a test's fake chat server answers there. */
export const E2E_LLM_PORT = Number(process.env.E2E_LLM_PORT ?? E2E_PORT + 1);
export const E2E_LLM_URL = `http://127.0.0.1:${E2E_LLM_PORT}/v1`;
const dataDir = E2E_PORT === 3100 ? ".data/e2e" : `.data/e2e-${E2E_PORT}`;
export const PASSWORD = "e2e password, long enough";

export const ACCOUNTS = {
  researcher: { email: "researcher@e2e.example", role: "researcher" },
  participant: { email: "participant@e2e.example", role: "participant" },
  other: { email: "other-participant@e2e.example", role: "participant" },
} as const;
export type Who = keyof typeof ACCOUNTS;

export const stateFile = (who: Who) => path.resolve(".data/e2e-auth", `${who}-${E2E_PORT}.json`);

/** `npx plateau …` against the e2e server's database; its stdout. */
export function plateau(...args: string[]): string {
  return execFileSync(process.execPath, ["scripts/plateau.mjs", ...args], {
    env: {
      ...process.env,
      PLATEAU_DATA_DIR: dataDir,
      PLATEAU_PG_PORT: process.env.E2E_PG_PORT ?? "5544",
      PORT: String(E2E_PORT),
    },
    encoding: "utf8",
  });
}
