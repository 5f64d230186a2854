import { describe, expect, it } from "vitest";
import { REWARD_MODES, REWARD_VERSION, score, scoreBoth, type RewardEnv, type RewardInputs } from "./index";

const examples: { [E in RewardEnv]: RewardInputs[E] } = {
  bash: {
    agent: { changes: [{ path: "testbed/a b.txt", status: "??" }], hashes: { "testbed/a b.txt": "1" }, output: "ok" },
    gold: { changes: [{ path: "testbed/a b.txt", status: "??" }], hashes: { "testbed/a b.txt": "1" }, output: "ok" },
  },
  sql: { agent: [[1], [2]], gold: [[2], [1]], goldQuery: "SELECT a FROM t" },
  python: { agent: [{ output: "", error: null }], gold: [{ output: "", error: null }] },
  ctf: { submitted: "flag{x}", gold: "FLAG{X}" },
};

describe("the rewards' public face", () => {
  it("has a dated version string", () => {
    expect(REWARD_VERSION).toMatch(/^\d{4}\.\d{2}-\d+$/);
  });

  it.each(Object.keys(examples) as RewardEnv[])("scoreBoth(%s) gives both modes, versioned and JSON-serialisable", (env) => {
    const result = scoreBoth(env, examples[env] as never);
    expect(Object.keys(result).sort()).toEqual([...REWARD_MODES].sort());
    for (const mode of REWARD_MODES) {
      expect(result[mode].mode).toBe(mode);
      expect(result[mode].version).toBe(REWARD_VERSION);
      expect(result[mode]).toEqual(score(env, examples[env] as never, mode));
      expect(JSON.parse(JSON.stringify(result[mode]))).toEqual(result[mode]);
    }
  });

  it("keeps the modes apart where they differ (SQL rows in another order, no ORDER BY asked)", () => {
    const result = scoreBoth("sql", examples.sql);
    expect(result.intercode.reward).toBe(-1);
    expect(result.plateau.reward).toBe(1);
  });
});
