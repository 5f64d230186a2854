// One sentence, the same for both drivers, of what each sandbox is capped at: it ends up in the
// sandbox reason that health, the home page and the server's start line show.

export interface DescribedLimits {
  memoryBytes: number;
  pids: number;
  nanoCpus: number;
  diskBytes: number;
}

/** notCapped: the plain sentence saying the disk is not capped and why (the disk then goes unmentioned). */
export function describeLimits(l: DescribedLimits, notCapped?: string): string {
  const base = `caps per sandbox: memory ${formatBytes(l.memoryBytes)}, ${l.pids} processes, ${l.nanoCpus / 1e9} CPU`;
  return notCapped ? `${base}; ${notCapped}` : `${base}, disk ${formatBytes(l.diskBytes)} written`;
}

function formatBytes(n: number): string {
  const mib = n / (1024 * 1024);
  return mib >= 1024 && mib % 1024 === 0 ? `${mib / 1024} GiB` : `${Math.round(mib)} MiB`;
}
