// A local sandbox's terminal: the image's console program (else `bash -l`) as the player, with no
// capabilities and no-new-privs, entered with nsenter, in a node-pty PTY.
import fs from "node:fs";
import path from "node:path";
import type { IPty } from "node-pty";
import { LocalTty } from "./localTty";
import { MARK_NONCE_ENV, newMarkNonce } from "./markNonce";
import { withSandboxSeccomp } from "./sandboxSeccomp";
import { CONSOLE_PATH } from "./types";

export async function spawnSandboxTty(o: {
  /** The host command line that runs argv inside the sandbox (cgroup, rlimits, nsenter). */
  enter: (argv: string[]) => [string, string[]];
  user: string;
  /** The sandbox's root file system tree (read-only: where its console program is looked for). */
  rootfsDir: string;
  size: { cols: number; rows: number };
  /** The terminal's environment; the mark nonce is added here. */
  env: Record<string, string>;
  onClosed: (tty: LocalTty) => void;
}): Promise<LocalTty> {
  const mod = (await import("node-pty")) as unknown as typeof import("node-pty") & { default?: typeof import("node-pty") };
  const spawnPty = mod.spawn ?? mod.default!.spawn;
  const nonce = newMarkNonce();
  const [file, args] = o.enter([
    "/usr/bin/setpriv",
    `--reuid=${o.user}`,
    `--regid=${o.user}`,
    "--init-groups",
    "--no-new-privs",
    "--inh-caps=-all",
    "--bounding-set=-all",
    "--",
    ...withSandboxSeccomp(hasConsole(o.rootfsDir) ? [CONSOLE_PATH] : ["/bin/bash", "-l"]),
  ]);
  const p: IPty = spawnPty(file, args, {
    name: "xterm-256color",
    cols: Math.max(1, Math.floor(o.size.cols) || 80),
    rows: Math.max(1, Math.floor(o.size.rows) || 24),
    cwd: "/",
    env: { ...o.env, [MARK_NONCE_ENV]: nonce },
  });
  const tty: LocalTty = new LocalTty(p, nonce, () => o.onClosed(tty));
  return tty;
}

/** The image's console program (in the read-only rootfs: nothing the player does adds one). */
function hasConsole(rootfsDir: string): boolean {
  try {
    return (fs.statSync(path.join(rootfsDir, CONSOLE_PATH)).mode & 0o111) !== 0;
  } catch {
    return false;
  }
}
