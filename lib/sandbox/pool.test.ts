import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createWarmPool } from "./pool";
import type { Sandbox, SandboxDriver } from "./types";

// The pool's own logic, with a stand-in driver that counts creates (the real drivers' pools are
// exercised in docker.int.test.ts and local.int.test.ts).

function countingDriver() {
  const created: string[] = [];
  const driver = {
    name: "local",
    create: async () => {
      created.push(`sb${created.length}`);
      return { id: created.at(-1), destroy: async () => {} } as unknown as Sandbox;
    },
  } as unknown as SandboxDriver;
  return { driver, created };
}

describe("warm pool", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("hands out a ready sandbox at once and refills only after the taker's own work (a create stalls the server)", async () => {
    const { driver, created } = countingDriver();
    const pool = createWarmPool(driver, "img", 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(pool.stats()).toEqual({ ready: 2, starting: 0, size: 2 });

    const taken = await pool.take();
    expect(taken.id).toBe("sb0");
    await vi.advanceTimersByTimeAsync(900);
    expect(created).toHaveLength(2); // not yet: the page that took it is still being made
    await vi.advanceTimersByTimeAsync(200);
    expect(created).toHaveLength(3);
    expect(pool.stats().ready).toBe(2);
  });

  it("creates one on the spot when empty, and stops refilling once drained", async () => {
    const { driver, created } = countingDriver();
    const pool = createWarmPool(driver, "img", 1);
    await vi.advanceTimersByTimeAsync(0);
    await pool.take();
    expect((await pool.take()).id).toBe("sb1"); // the pool was empty
    await pool.drain();
    await vi.advanceTimersByTimeAsync(5000);
    expect(created).toHaveLength(2);
  });
});
