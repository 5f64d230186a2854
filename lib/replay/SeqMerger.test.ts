import { describe, expect, it } from "vitest";
import { SeqMerger } from "./SeqMerger";

const ev = (seq: number) => ({ seq, time: seq, code: "o" as const, data: `e${seq}` });
const seqs = (xs: { seq: number }[]) => xs.map((x) => x.seq);

describe("ordering a live episode's events", () => {
  it("applies events in seq order and drops the ones already applied", () => {
    const m = new SeqMerger(4);
    expect(seqs(m.push([ev(3), ev(4), ev(5), ev(6)]))).toEqual([5, 6]);
    expect(seqs(m.push([ev(6), ev(7)]))).toEqual([7]);
    expect(m.lastSeq).toBe(7);
  });

  it("holds events after a hole until the missing ones are loaded", () => {
    const m = new SeqMerger(-1);
    expect(seqs(m.push([ev(0)]))).toEqual([0]);
    expect(seqs(m.push([ev(3), ev(4)]))).toEqual([]);
    expect(m.hasHole).toBe(true);
    expect(seqs(m.push([ev(1), ev(2)]))).toEqual([1, 2, 3, 4]);
    expect(m.hasHole).toBe(false);
  });

  it("gives up on a hole that never fills", () => {
    const m = new SeqMerger(0);
    m.push([ev(5), ev(3)]);
    expect(seqs(m.skipHole())).toEqual([3, 5]);
    expect(seqs(m.push([ev(6)]))).toEqual([6]);
  });
});
