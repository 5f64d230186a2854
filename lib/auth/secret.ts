import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// The key that signs session cookies: PLATEAU_AUTH_SECRET, else a random one made once per data
// folder and kept there readable by its owner only (a restart keeps everyone signed in).

export function authSecret(dataDir: string, fromEnv = process.env.PLATEAU_AUTH_SECRET): string {
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error("PLATEAU_AUTH_SECRET must be at least 32 characters");
    return fromEnv;
  }
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) {
    const s = readFileSync(file, "utf8").trim();
    if (s.length >= 32) return s;
  }
  mkdirSync(dataDir, { recursive: true });
  const s = randomBytes(32).toString("base64url");
  writeFileSync(file, `${s}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return s;
}
