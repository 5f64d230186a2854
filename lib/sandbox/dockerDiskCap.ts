// Whether a Docker engine can cap a container's disk (HostConfig.StorageOpt.size), read from its
// /info. btrfs and zfs always can; overlay2 only on xfs mounted with pquota, which /info does not
// show, so that case is tried on the first create (PLATFORM.md: this kernel has no XFS quotas).
// Anything else (overlay2 on ext4, vfs, …) cannot, and Plateau says so rather than pretend.

export interface EngineStorage {
  Driver?: string;
  DriverStatus?: [string, string][] | null;
}

export type DiskCap =
  /**
   * imageCounts: the size covers the image too (btrfs with full qgroups: a snapshot's qgroup), or
   * only what is written (zfs; btrfs with simple quotas). "ask": btrfs, whose quota mode /info does
   * not show; the driver asks the engine once (imageCountsProbe).
   */
  { kind: "size"; imageCounts: boolean | "ask" } | { kind: "try" } | { kind: "none"; why: string };

export function dockerDiskCap(info: EngineStorage, owned: boolean): DiskCap {
  const driver = info.Driver ?? "unknown";
  if (driver === "btrfs") return { kind: "size", imageCounts: "ask" };
  if (driver === "zfs") return { kind: "size", imageCounts: false };
  const backing = info.DriverStatus?.find(([k]) => k === "Backing Filesystem")?.[1];
  if (driver === "overlay2" && backing === "xfs") return { kind: "try" };
  const store = `${driver}${backing ? ` on ${backing}` : ""}`;
  return { kind: "none", why: notCapped(store, owned) };
}

/** The plain sentence for health, the home page and the log: what is not capped, and what to do. */
export function notCapped(store: string, owned: boolean): string {
  const fix = owned
    ? "restart Plateau's engine on btrfs: scripts/engine.sh stop && scripts/engine.sh start (needs btrfs-progs), then scripts/build-images.sh"
    : "Plateau does not own this engine; run it with --storage-driver=btrfs (or zfs, or overlay2 on xfs with pquota), or unset DOCKER_HOST so that Plateau starts its own";
  return `sandbox disk NOT capped: the engine keeps containers on ${store}, which has no per-container size, so a sandbox can fill that disk (each file stays under 1 GiB); ${fix}`;
}

/** Docker's refusal of a size on a file system without quotas (overlay2 on xfs without pquota). */
export function isSizeRefusal(e: unknown): boolean {
  return /storage-?opt|quota|not supported/i.test((e as Error)?.message ?? "");
}

/**
 * The size that makes a container probing btrfs's quota mode: below any image, so full qgroups
 * (which charge the image to the container) refuse it at create, and simple quotas (which charge
 * only what the container writes) accept it.
 */
export const PROBE_SIZE = "1M";
