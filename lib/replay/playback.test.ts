import { describe, expect, it } from "vitest";
import { initialPlayback, transition, type PlaybackEvent, type PlaybackState } from "./playback";
import { Timeline } from "./Timeline";

// Ten events, one a second from t=1, with a 20 s idle gap before the 7th; three turns ending
// after events 3, 6 and 9 (turn 0 is the first event, the initial prompt).
const times = [1, 2, 3, 4, 5, 6, 26, 27, 28, 29];
const steps = [
  { castStart: 1.5, castEnd: 3 },
  { castStart: 4, castEnd: 6 },
  { castStart: 26, castEnd: 28 },
];
const tl = (live = false) => new Timeline(times, steps, live);
const paused = (over: Partial<PlaybackState> = {}): PlaybackState => ({
  ...initialPlayback({ idleCap: null }),
  status: "paused",
  ...over,
});
const at = (pos: number, turn: number, time: number, over: Partial<PlaybackState> = {}) => paused({ pos, turn, time, ...over });

describe("playback transitions", () => {
  it("knows where the turns end", () => {
    expect(tl().turnEnds).toEqual([1, 3, 6, 9]);
  });

  const table: Array<{ name: string; from: PlaybackState; event: PlaybackEvent; to: Partial<PlaybackState>; live?: boolean }> = [
    {
      name: "loads at the start",
      from: initialPlayback({ idleCap: null }),
      event: { type: "loaded" },
      to: { status: "paused", pos: 1, turn: 0, time: 1 },
    },
    {
      name: "loads at a deep-linked turn",
      from: initialPlayback({ idleCap: null }),
      event: { type: "loaded", turn: 2 },
      to: { status: "paused", pos: 6, turn: 2, time: 6 },
    },
    {
      name: "a deep link past the end opens the last turn",
      from: initialPlayback({ idleCap: null }),
      event: { type: "loaded", turn: 99 },
      to: { pos: 9, turn: 3 },
    },
    {
      name: "a live episode loads following its end",
      from: initialPlayback({ idleCap: null }),
      event: { type: "loaded" },
      to: { status: "following", pos: 10, turn: 3 },
      live: true,
    },
    {
      name: "ignores everything but loaded while loading",
      from: initialPlayback(),
      event: { type: "play" },
      to: { status: "loading" },
    },
    { name: "next turn from the start", from: at(1, 0, 1), event: { type: "nextTurn" }, to: { pos: 3, turn: 1, time: 3 } },
    {
      name: "next turn from the very start (Home) is turn 1",
      from: at(0, 0, 0),
      event: { type: "nextTurn" },
      to: { pos: 3, turn: 1 },
    },
    { name: "next turn mid-turn finishes that turn", from: at(4, 2, 4), event: { type: "nextTurn" }, to: { pos: 6, turn: 2 } },
    { name: "next turn at the last stays", from: at(9, 3, 28), event: { type: "nextTurn" }, to: { pos: 9, turn: 3 } },
    { name: "previous turn", from: at(6, 2, 6), event: { type: "prevTurn" }, to: { pos: 3, turn: 1 } },
    {
      name: "previous turn mid-turn goes to the turn before",
      from: at(4, 2, 4),
      event: { type: "prevTurn" },
      to: { pos: 3, turn: 1 },
    },
    {
      name: "previous turn after the last goes to the last",
      from: at(10, 3, 29),
      event: { type: "prevTurn" },
      to: { pos: 9, turn: 3 },
    },
    {
      name: "previous turn at the start stays at turn 0",
      from: at(1, 0, 1),
      event: { type: "prevTurn" },
      to: { pos: 1, turn: 0 },
    },
    {
      name: "selecting a turn while playing pauses there",
      from: at(2, 1, 2, { status: "playing" }),
      event: { type: "seekTurn", turn: 3 },
      to: { status: "paused", pos: 9, turn: 3 },
    },
    { name: "Home goes to the very start", from: at(6, 2, 6), event: { type: "first" }, to: { pos: 0, time: 0, turn: 0 } },
    { name: "End goes to the very end", from: at(1, 0, 1), event: { type: "last" }, to: { pos: 10, time: 29, turn: 3 } },
    {
      name: "seeking to a time shows the events up to it",
      from: at(1, 0, 1),
      event: { type: "seekTime", time: 4.5 },
      to: { pos: 4, turn: 2, time: 4.5 },
    },
    {
      name: "a seek before the start clamps",
      from: at(6, 2, 6),
      event: { type: "seekTime", time: -3 },
      to: { pos: 0, time: 0, turn: 0 },
    },
    { name: "a seek past the end clamps", from: at(1, 0, 1), event: { type: "seekTime", time: 1e9 }, to: { pos: 10, time: 29 } },
    { name: "play", from: at(1, 0, 1), event: { type: "play" }, to: { status: "playing", pos: 1 } },
    {
      name: "play at the end starts over",
      from: at(10, 3, 29),
      event: { type: "play" },
      to: { status: "playing", pos: 0, time: 0 },
    },
    { name: "toggle pauses", from: at(1, 0, 1, { status: "playing" }), event: { type: "toggle" }, to: { status: "paused" } },
    {
      name: "a tick plays time at the speed",
      from: at(1, 0, 1, { status: "playing", speed: 2 }),
      event: { type: "tick", ms: 1500 },
      to: { time: 4, pos: 4, turn: 2, status: "playing" },
    },
    { name: "a tick while paused does nothing", from: at(1, 0, 1), event: { type: "tick", ms: 1500 }, to: { time: 1, pos: 1 } },
    {
      name: "playing to the end pauses there",
      from: at(9, 3, 28, { status: "playing" }),
      event: { type: "tick", ms: 5000 },
      to: { status: "paused", pos: 10, time: 29 },
    },
    {
      name: "playing to the end of a live episode follows it",
      from: at(9, 3, 28, { status: "playing" }),
      event: { type: "tick", ms: 5000 },
      to: { status: "following", pos: 10 },
      live: true,
    },
    {
      name: "an idle cap shortens the gap on the clock",
      from: at(6, 2, 6),
      event: { type: "idleCap", cap: 2 },
      to: { idleCap: 2, time: 6, pos: 6 },
    },
    { name: "speed is kept within 0.5× to 16×", from: at(1, 0, 1), event: { type: "speed", speed: 64 }, to: { speed: 16 } },
    {
      name: "stepping back while following stops following",
      from: at(10, 3, 29, { status: "following" }),
      event: { type: "prevTurn" },
      to: { status: "paused", pos: 9 },
      live: true,
    },
    {
      name: "going live follows the end again",
      from: at(3, 1, 3),
      event: { type: "goLive" },
      to: { status: "following", pos: 10 },
      live: true,
    },
    {
      name: "going live in a finished episode does nothing",
      from: at(3, 1, 3),
      event: { type: "goLive" },
      to: { status: "paused", pos: 3 },
    },
    {
      name: "the end of a live episode stops following",
      from: at(10, 3, 29, { status: "following" }),
      event: { type: "ended" },
      to: { status: "paused", pos: 10 },
    },
  ];

  it.each(table)("$name", ({ from, event, to, live }) => {
    expect(transition(from, event, tl(live))).toMatchObject(to);
  });

  it("plays an idle gap no longer than the cap", () => {
    const t = tl();
    let s = at(6, 2, 0, { status: "playing", idleCap: 2 });
    s = { ...s, time: t.timeAt(6, 2) };
    expect(t.duration(2)).toBe(11); // 29 s recorded, the 20 s gap played as 2 s
    s = transition(s, { type: "tick", ms: 2000 }, t);
    expect(s.pos).toBe(7); // the event after the gap, 2 s later, not 20
  });

  it("follows a live episode as it grows, and stays put when not following", () => {
    const t = tl(true);
    const following = transition(at(10, 3, 29, { status: "following" }), { type: "grew" }, t);
    const still = at(3, 1, 3);
    t.appendEvents([30, 31]);
    expect(transition(following, { type: "grew" }, t)).toMatchObject({ pos: 12, time: 31 });
    expect(transition(still, { type: "grew" }, t)).toBe(still);
  });
});
