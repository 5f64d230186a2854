// The disk cap as a player meets it, the same check on either driver: writing twice the cap into a
// file fails inside the sandbox with ENOSPC or EDQUOT, little more than the cap was written, the
// host's database still takes a write, and after reset the sandbox can write again.
import { expect } from "vitest";
import { openTestDatabase } from "../../db/testing";
import type { Sandbox } from "../types";

const SLACK = 16 * 1024 * 1024; // file system metadata and rounding

export async function expectDiskCapped(sb: Sandbox, capBytes: number): Promise<void> {
  const mib = (2 * capBytes) / (1024 * 1024);
  const fill = await sb.exec(["bash", "-c", `head -c ${mib}M /dev/zero > ~/fill; echo "exit $?"; stat -c %s ~/fill`], {
    timeoutMs: 60_000,
  });
  expect(fill.stderr).toMatch(/No space left on device|Disk quota exceeded/);
  const [exit, size] = fill.stdout.trim().split("\n");
  expect(exit).toBe("exit 1");
  expect(Number(size)).toBeGreaterThan(capBytes / 2);
  expect(Number(size)).toBeLessThanOrEqual(capBytes + SLACK);

  const db = await openTestDatabase();
  try {
    await db.prisma.$executeRawUnsafe("CREATE TABLE disk_probe (note text)");
    expect(await db.prisma.$executeRawUnsafe("INSERT INTO disk_probe VALUES ('the host disk is writable')")).toBe(1);
  } finally {
    await db.close();
  }

  expect((await sb.exec(["echo", "alive"])).stdout).toBe("alive\n");
  await sb.reset(); // empties /home/player: the space is free again
  const again = await sb.exec(["bash", "-c", `head -c ${Math.floor(mib / 4)}M /dev/zero > ~/again && echo ok`], {
    timeoutMs: 60_000,
  });
  expect(again).toMatchObject({ exitCode: 0, stdout: "ok\n" });
  await sb.reset();
}
