import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Finished replays, kept in memory (least recently used out first, bounded in bytes) and, when
 * given a folder, on disk, so a restart does not compute them again. Concurrent requests for the
 * same key share one computation. Keys are "<episode>.<version>"; a new version of an episode
 * replaces the older ones.
 */
export class ReplayCache {
  private entries = new Map<string, Uint8Array>();
  private size = 0;
  private running = new Map<string, Promise<Uint8Array>>();

  constructor(
    private readonly maxBytes: number,
    private readonly dir: string | null,
  ) {}

  async get(episodeId: string, version: string, compute: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const key = `${episodeId}.${version}`;
    const hit = this.entries.get(key) ?? this.fromDisk(key);
    if (hit) {
      this.entries.delete(key);
      this.put(key, hit);
      return hit;
    }
    const running = this.running.get(key);
    if (running) return running;
    const p = compute().then((bytes) => {
      this.forget(episodeId);
      this.put(key, bytes);
      this.toDisk(episodeId, key, bytes);
      return bytes;
    });
    this.running.set(key, p);
    try {
      return await p;
    } finally {
      this.running.delete(key);
    }
  }

  private put(key: string, value: Uint8Array): void {
    if (value.byteLength > this.maxBytes) return;
    this.entries.set(key, value);
    this.size += value.byteLength;
    for (const [k, v] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.entries.delete(k);
      this.size -= v.byteLength;
    }
  }

  private forget(episodeId: string): void {
    for (const [k, v] of this.entries) {
      if (k.startsWith(`${episodeId}.`)) {
        this.entries.delete(k);
        this.size -= v.byteLength;
      }
    }
  }

  private file(key: string): string | null {
    return this.dir && /^[\w.-]+$/.test(key) ? path.join(this.dir, `${key}.json`) : null;
  }

  private fromDisk(key: string): Uint8Array | null {
    const f = this.file(key);
    if (!f) return null;
    try {
      return readFileSync(f);
    } catch {
      return null;
    }
  }

  private toDisk(episodeId: string, key: string, bytes: Uint8Array): void {
    const f = this.file(key);
    if (!f || !this.dir) return;
    try {
      mkdirSync(this.dir, { recursive: true });
      for (const old of readdirSync(this.dir))
        if (old.startsWith(`${episodeId}.`)) rmSync(path.join(this.dir, old), { force: true });
      writeFileSync(`${f}.tmp`, bytes);
      renameSync(`${f}.tmp`, f);
    } catch (err) {
      // The memory copy still serves; a full or read-only disk only costs a recomputation later.
      console.warn(`replay: could not keep ${key} on disk: ${(err as Error).message}`);
    }
  }
}
