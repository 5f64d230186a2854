import { describe, expect, it } from "vitest";
import type { ScoreView } from "../../sessions/protocol";
import { episodeScore } from "./episodeScore";

const s = (mode: ScoreView["mode"], reward: number): ScoreView => ({
  mode,
  reward,
  success: reward === 1,
  version: "v",
  breakdown: { at: reward },
});

describe("episodeScore", () => {
  it("is the best turn's, first reached, as InterCode's max_reward and max_reward_idx", () => {
    const turns = [
      { index: 0, scores: [s("intercode", 0.67), s("plateau", 0.5)] },
      { index: 1, scores: [s("intercode", 1), s("plateau", 0.67)] },
      { index: 2, scores: [s("intercode", 1), s("plateau", 1)] },
    ];
    expect(episodeScore(turns, "intercode", 3)).toMatchObject({
      reward: 1,
      success: true,
      maxRewardIdx: 1,
      solvedAtTurn: 2,
      breakdown: { at: 1 },
      turns: [
        { index: 0, reward: 0.67 },
        { index: 1, reward: 1 },
        { index: 2, reward: 1 },
      ],
    });
    expect(episodeScore(turns, "plateau", 3)).toMatchObject({ reward: 1, maxRewardIdx: 2, solvedAtTurn: 3 });
  });

  it("counts a submit after the last turn as that turn, and has nothing without a scored turn", () => {
    expect(episodeScore([{ index: 3, scores: [s("intercode", 1)] }], "intercode", 3)).toMatchObject({
      maxRewardIdx: 3,
      solvedAtTurn: 3,
    });
    expect(episodeScore([], "intercode", 0)).toBeNull();
  });
});
