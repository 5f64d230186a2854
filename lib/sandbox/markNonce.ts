import { randomBytes } from "node:crypto";

// The secret a sandbox's shell signs its shell-integration marks with (docker/bash/SHELL-INTEGRATION.md
// § Signed marks). One per shell; a sandbox serves one episode, so it is the episode's too.

/** How the shell receives it: its startup file reads it and unsets it before any command runs. */
export const MARK_NONCE_ENV = "PLATEAU_MARK_NONCE";

export function newMarkNonce(): string {
  return randomBytes(16).toString("hex");
}
