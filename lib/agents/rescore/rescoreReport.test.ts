import { describe, expect, it } from "vitest";
import { buildRescoreReport, type ReportRow } from "./rescoreReport";

const row = (over: Partial<ReportRow>): ReportRow => ({
  episodeId: "e",
  task: "fs1:0",
  environment: "bash",
  actions: ["date", "ls"],
  logged: 1,
  rescored: { reward: 1, steps: [] },
  unplayable: null,
  ...over,
});

describe("buildRescoreReport", () => {
  it("counts compared steps and rewards, and groups each disagreement by its cause", () => {
    const r = buildRescoreReport(
      [
        row({
          episodeId: "a",
          rescored: {
            reward: 1,
            steps: [
              { index: 0, kind: "ran", replayIndex: 0, cause: "clock", logged: "Mon", now: "Tue" },
              { index: 1, kind: "ran", replayIndex: 1, cause: null },
            ],
          },
        }),
        row({
          episodeId: "b",
          logged: 0.5,
          rescored: {
            reward: 0.67,
            steps: [
              { index: 0, kind: "ran", replayIndex: 0, cause: null },
              { index: 1, kind: "submit", replayIndex: 1, cause: null },
            ],
          },
        }),
        row({
          episodeId: "c",
          logged: 0.7100000000000001,
          rescored: { reward: 0.71, steps: [{ index: 0, kind: "refused", replayIndex: null, cause: null }] },
        }),
        row({
          episodeId: "d",
          logged: 1,
          rescored: { reward: 0.67, steps: [{ index: 0, kind: "ran", replayIndex: 0, cause: "clock", logged: "1", now: "2" }] },
        }),
        row({ episodeId: "e", rescored: null }),
        row({ episodeId: "f", environment: "sql", rescored: null }),
        row({
          episodeId: "g",
          rescored: null,
          unplayable: "its challenge file disk.img.gz is not in InterCode's data, so it cannot be solved here",
        }),
      ],
      ["bash"],
    );
    expect(r).toMatchObject({
      episodes: 7,
      rescored: 4,
      steps: { compared: 4, equal: 2, share: 0.5, submits: 1, refused: 1 },
      rewards: { compared: 4, equal: 2, share: 0.5 },
    });
    expect(r.observations.map((g) => [g.cause, g.count, g.items.map((i) => [i.episodeId, i.action])])).toEqual([
      [
        "clock",
        2,
        [
          ["a", "date"],
          ["d", "date"],
        ],
      ],
    ]);
    expect(
      r.rewardDisagreements.map((g) => [
        g.cause,
        g.text.slice(0, 19),
        g.items.map((i) => [i.episodeId, i.logged, i.now, i.step]),
      ]),
    ).toEqual([
      ["clock", "observations differ", [["d", 1, 0.67, 0]]],
      ["state", "same observations, ", [["b", 0.5, 0.67, null]]],
    ]);
    expect(r.notRescored).toEqual([
      { reason: expect.stringMatching(/^not replayed yet/), count: 1 },
      { reason: "sql does not play live yet", count: 1 },
      { reason: "unplayable: its challenge file disk.img.gz is not in InterCode's data, so it cannot be solved here", count: 1 },
    ]);
  });
});
