// How much a sandbox may write (DESIGN.md § Safety: bounded disk), on either driver:
// PLATEAU_SANDBOX_DISK_MB, default 512 MiB. Past it, writes inside the sandbox fail with ENOSPC or
// EDQUOT; the host disk, where the database lives, never sees more than this per sandbox.

export const DEFAULT_DISK_MB = 512;
const MIN_DISK_MB = 16; // below this a shell cannot even write its history and git's index

export function sandboxDiskBytes(env: Record<string, string | undefined> = process.env): number {
  const raw = env.PLATEAU_SANDBOX_DISK_MB?.trim();
  if (!raw) return DEFAULT_DISK_MB * 1024 * 1024;
  const mb = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(mb >= MIN_DISK_MB)) {
    throw new Error(`PLATEAU_SANDBOX_DISK_MB must be a whole number of MiB, at least ${MIN_DISK_MB} (got "${raw}")`);
  }
  return mb * 1024 * 1024;
}
