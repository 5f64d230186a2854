import { describe, expect, it } from "vitest";
import { OnceByKey } from "./OnceByKey";

describe("OnceByKey", () => {
  it("answers a repeated key with the first call's result, until the key is old", async () => {
    let t = 0;
    let calls = 0;
    const once = new OnceByKey<number>(1000, () => t);
    const start = () => Promise.resolve(++calls);
    const [a, b] = await Promise.all([once.run("k", start), once.run("k", start)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    expect(await once.run("other", start)).toBe(2);
    t = 2000;
    expect(await once.run("k", start)).toBe(3);
  });

  it("forgets a failure, so a retry runs again", async () => {
    const once = new OnceByKey<number>();
    await expect(once.run("k", () => Promise.reject(new Error("no sandbox")))).rejects.toThrow("no sandbox");
    await new Promise((r) => setTimeout(r, 0));
    expect(await once.run("k", () => Promise.resolve(7))).toBe(7);
  });
});
