// Which Docker engine the Node side talks to, resolved like scripts/engine.sh:
// $DOCKER_HOST, else the private dockerd that `scripts/engine.sh start` runs (socket exists and its
// pid is alive), else /var/run/docker.sock.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { DockerOptions } from "dockerode";

export const SYSTEM_SOCKET = "/var/run/docker.sock";

/** The repository (where scripts/engine.sh is): $PLATEAU_REPO, else up from the cwd, else up from here. */
export function findRepoRoot(): string {
  const starts: string[] = [];
  if (process.env.PLATEAU_REPO) return process.env.PLATEAU_REPO;
  starts.push(process.cwd());
  try {
    starts.push(path.dirname(fileURLToPath(import.meta.url)));
  } catch {
    /* bundled without a file url */
  }
  for (const start of starts) {
    for (let dir = start; ; dir = path.dirname(dir)) {
      if (existsSync(path.join(dir, "scripts", "engine.sh"))) return dir;
      if (path.dirname(dir) === dir) break;
    }
  }
  return process.cwd();
}

/** The private engine's folder and socket (engine.sh: long folders put the socket under /tmp). */
export function privateEngine(repoRoot = findRepoRoot()): { dir: string; socket: string; pidFile: string } {
  const dir = process.env.PLATEAU_DOCKER_DIR || path.join(repoRoot, ".data", "docker");
  const sdir = dir.length > 60 ? `/tmp/plateau-docker-${createHash("sha256").update(dir).digest("hex").slice(0, 12)}` : dir;
  return { dir, socket: path.join(sdir, "docker.sock"), pidFile: path.join(dir, "dockerd.pid") };
}

function pidAlive(pidFile: string): boolean {
  try {
    const pid = Number(readFileSync(pidFile, "utf8").trim());
    if (!pid) return false;
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

export interface ResolvedDockerHost {
  /** A DOCKER_HOST-style url, for messages: unix:///path or tcp://host:port */
  url: string;
  options: DockerOptions;
  /** Whether it is the private engine of scripts/engine.sh (btrfs, so Plateau can cap disks), however it was named. */
  owned: boolean;
}

export function resolveDockerHost(repoRoot?: string): ResolvedDockerHost {
  const priv = privateEngine(repoRoot);
  const r = namedDockerHost(priv);
  return { ...r, owned: r.url === `unix://${priv.socket}` };
}

function namedDockerHost(priv: ReturnType<typeof privateEngine>): Omit<ResolvedDockerHost, "owned"> {
  const env = process.env.DOCKER_HOST;
  if (env) {
    if (env.startsWith("unix://")) return { url: env, options: { socketPath: env.slice("unix://".length) } };
    if (env.startsWith("tcp://") || env.startsWith("http://") || env.startsWith("https://")) {
      const u = new URL(env.replace(/^tcp:/, process.env.DOCKER_TLS_VERIFY ? "https:" : "http:"));
      const protocol = u.protocol === "https:" ? "https" : "http";
      // TLS material (DOCKER_CERT_PATH) is read by docker-modem when the options leave it out
      return { url: env, options: { host: u.hostname, port: Number(u.port) || 2375, protocol } };
    }
    return { url: env, options: {} }; // ssh:// and others: docker-modem reads DOCKER_HOST itself
  }
  if (existsSync(priv.socket) && pidAlive(priv.pidFile)) {
    return { url: `unix://${priv.socket}`, options: { socketPath: priv.socket } };
  }
  return { url: `unix://${SYSTEM_SOCKET}`, options: { socketPath: SYSTEM_SOCKET } };
}

/** dockerode constructor options for the engine in use. */
export function dockerHostOptions(repoRoot?: string): DockerOptions {
  return resolveDockerHost(repoRoot).options;
}
