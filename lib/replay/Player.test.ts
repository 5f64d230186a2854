import { describe, expect, it } from "vitest";
import { Player, type Clock } from "./Player";
import { synthesizeRecording } from "./synthesizeRecording";
import { headlessScreen } from "./testing/headlessScreen";
import type { ReplayRecording } from "./types";

function manualClock() {
  let now = 0;
  let pending: Array<() => void> = [];
  const clock: Clock = {
    now: () => now,
    frame: (fn) => {
      pending.push(fn);
      return () => (pending = pending.filter((f) => f !== fn));
    },
  };
  return {
    clock,
    advance(ms: number) {
      now += ms;
      const run = pending;
      pending = [];
      for (const f of run) f();
    },
  };
}

function episode(n: number) {
  const steps = Array.from({ length: n }, (_, i) => ({
    action: `echo step${i + 1}`,
    observation: `step${i + 1}`,
    durationMs: 1000,
  }));
  const recording = synthesizeRecording(steps, { environment: "bash", cols: 40, rows: 6 });
  const spans = recording.stepSpans!.map(([castStart, castEnd]) => ({ castStart, castEnd }));
  return { recording, spans };
}

const lastLines = (s: ReturnType<typeof headlessScreen>) => s.text().trimEnd().split("\n").slice(-2).join(" | ");

describe("the player", () => {
  it("opens at a deep-linked turn and steps with next and previous", async () => {
    const { recording, spans } = episode(20);
    const screen = headlessScreen(40, 6);
    const { clock } = manualClock();
    const p = new Player({ recording, steps: spans, live: false, screen, clock, turn: 7, idleCap: null });
    await p.settled();
    expect(p.getView().state).toMatchObject({ turn: 7, status: "paused" });
    expect(lastLines(screen)).toBe("step7 | $");
    p.dispatch({ type: "nextTurn" });
    p.dispatch({ type: "nextTurn" });
    await p.settled();
    expect(lastLines(screen)).toBe("step9 | $");
    p.dispatch({ type: "prevTurn" });
    await p.settled();
    expect(p.getView().state.turn).toBe(8);
    expect(lastLines(screen)).toBe("step8 | $");
  });

  it("plays on the clock at the chosen speed", async () => {
    const { recording, spans } = episode(5);
    const screen = headlessScreen(40, 6);
    const { clock, advance } = manualClock();
    const p = new Player({ recording, steps: spans, live: false, screen, clock, idleCap: null });
    p.dispatch({ type: "speed", speed: 2 });
    p.dispatch({ type: "play" });
    advance(16);
    advance(1000); // 2 s of recording: turn 1 done (at 1.5 s)
    await p.settled();
    expect(p.getView().state).toMatchObject({ status: "playing", turn: 2 });
    expect(screen.text()).toContain("step1");
    for (let i = 0; i < 10; i++) advance(1000);
    await p.settled();
    expect(p.getView().state.status).toBe("paused");
    expect(lastLines(screen)).toBe("step5 | $");
  });

  it("draws only the newest position when seeks pile up", async () => {
    const { recording, spans } = episode(200);
    const screen = headlessScreen(40, 6);
    let writes = 0;
    const counting = { ...screen, write: (d: string) => (writes++, screen.write(d)) };
    const p = new Player({ recording, steps: spans, live: false, screen: counting, clock: manualClock().clock, idleCap: null });
    for (let k = 1; k <= 200; k++) p.dispatch({ type: "seekTurn", turn: k });
    await p.settled();
    expect(lastLines(screen)).toBe("step200 | $");
    expect(writes).toBeLessThan(5);
  });

  it("rehearses its seeks on a scratch terminal, leaving the screen and the position as they were", async () => {
    const { recording, spans } = episode(200);
    const screen = headlessScreen(40, 6);
    let writes = 0;
    const counting = { ...screen, write: (d: string) => (writes++, screen.write(d)) };
    const p = new Player({
      recording,
      steps: spans,
      live: false,
      screen: counting,
      clock: manualClock().clock,
      turn: 3,
      idleCap: null,
    });
    await p.settled();
    const [before, shown] = [p.getView(), writes];
    let published = 0;
    p.subscribe(() => published++);
    const scratch = headlessScreen(40, 6);
    let pauses = 0;
    await p.rehearse(scratch, async () => void pauses++);
    expect(pauses).toBe(3);
    expect(lastLines(scratch)).toMatch(/step1\d\d/); // it went far into the recording
    expect(lastLines(screen)).toBe("step3 | $");
    expect([p.getView(), writes, published]).toEqual([before, shown, 0]);
    // Seeks dearer than its budget (a long recording without snapshots) are left out.
    const frugal = headlessScreen(40, 6);
    let frugalWrites = 0;
    await p.rehearse({ ...frugal, write: (d) => (frugalWrites++, frugal.write(d)) }, undefined, 100);
    expect(frugalWrites).toBe(0);
    // Disposed meanwhile (the page closed): it stops.
    const other = headlessScreen(40, 6);
    let writesAfter = 0;
    const q = new Player({ recording, steps: spans, live: false, screen, clock: manualClock().clock, idleCap: null });
    await q.rehearse({ ...other, write: (d) => (writesAfter++, other.write(d)) }, async () => q.dispose());
    expect(writesAfter).toBe(0);
  });

  it("follows a live episode's new output and steps", async () => {
    const { recording, spans } = episode(2);
    const live: ReplayRecording = { ...recording, events: recording.events.slice() };
    const screen = headlessScreen(40, 6);
    const p = new Player({ recording: live, steps: spans, live: true, screen, clock: manualClock().clock, idleCap: null });
    expect(p.getView().state.status).toBe("following");
    const t = live.events[live.events.length - 1][0];
    p.append([
      [t + 1, "o", "echo new\r\n"],
      [t + 2, "o", "new\r\n$ "],
    ]);
    p.setSteps([[2, { castStart: t + 1, castEnd: t + 2 }]]);
    await p.settled();
    expect(p.getView()).toMatchObject({ turnCount: 3, state: { turn: 3, status: "following" } });
    expect(lastLines(screen)).toBe("new | $");
    p.ended();
    expect(p.getView()).toMatchObject({ live: false, state: { status: "paused" } });
  });
});
