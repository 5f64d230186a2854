import { describe, expect, it } from "vitest";
import { createStopper, type StopStep } from "./stopInOrder";

function harness(stepNames: string[]) {
  const log: string[] = [];
  const ran: string[] = [];
  const exits: number[] = [];
  let forcedTimes = 0;
  let clock = 0;
  const gates = new Map<string, () => void>();
  const steps: StopStep[] = stepNames.map((name) => ({
    name,
    run: () =>
      new Promise<void>((resolve) => {
        ran.push(name);
        gates.set(name, resolve);
      }),
    left: () => (name === "ending episodes" ? "3 live episodes not ended" : null),
  }));
  const stopper = createStopper({
    steps,
    log: (l) => log.push(l),
    force: () => forcedTimes++,
    exit: (c) => exits.push(c),
    deadlineMs: 60_000,
    now: () => clock,
  });
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return { stopper, log, ran, exits, forced: () => forcedTimes, gates, advance: (ms: number) => (clock += ms), tick };
}

describe("stopping in order", () => {
  it("runs every step in order, one after the other, then exits 0", async () => {
    const h = harness(["refusing", "ending episodes", "database"]);
    h.stopper.signal("SIGTERM");
    await h.tick();
    expect(h.ran).toEqual(["refusing"]);
    h.gates.get("refusing")!();
    await h.tick();
    expect(h.ran).toEqual(["refusing", "ending episodes"]);
    h.gates.get("ending episodes")!();
    await h.tick();
    h.gates.get("database")!();
    await h.tick();
    expect(h.exits).toEqual([0]);
    expect(h.forced()).toBe(0);
  });

  it("a second Ctrl-C forces and names what it skipped; the same Ctrl-C heard twice at once does not", async () => {
    const h = harness(["refusing", "ending episodes", "database"]);
    h.stopper.signal("SIGINT");
    h.stopper.signal("SIGINT"); // the terminal's, and npm's copy of it
    await h.tick();
    h.gates.get("refusing")!();
    await h.tick();
    expect(h.forced()).toBe(0);
    h.advance(5_000);
    h.stopper.signal("SIGINT");
    expect(h.forced()).toBe(1);
    expect(h.exits).toEqual([1]);
    expect(h.log.at(-1)).toBe("SIGINT again: forced stop; skipped: ending episodes — 3 live episodes not ended; database");
    h.gates.get("ending episodes")!();
    await h.tick();
    expect(h.exits).toEqual([1]);
  });
});
