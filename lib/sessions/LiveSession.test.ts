import { describe, expect, it, vi } from "vitest";
import type { Sandbox, Tty } from "../sandbox/types";
import type { EpisodeWriter, EventRow } from "./EpisodeWriter";
import { LiveSession, type LiveSessionOptions } from "./LiveSession";
import { ServerEvents, type EpisodeResult } from "./protocol";
import { GOLDEN_NONCE, goldenBash, mark } from "./steps/goldenBash";
import { bashConsole } from "../environments/bash/console";

// A live session against a scripted shell (the golden Bash session's bytes) and an in-memory
// store: what the recording keeps and what the turn limit does, without a sandbox or a database.

class ScriptedShell implements Tty {
  readonly markNonce = GOLDEN_NONCE;
  typed: string[] = [];
  private listeners = new Set<(chunk: string) => void>();
  write(data: string): void {
    this.typed.push(data);
  }
  /** The shell writes `chunk` to its terminal. */
  print(chunk: string): void {
    for (const l of this.listeners) l(chunk);
  }
  onData(listener: (chunk: string) => void) {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  }
  onExit() {
    return { dispose() {} };
  }
  resize() {}
  pause() {}
  resume() {}
  close() {}
}

function setup(o: Partial<LiveSessionOptions> = {}) {
  const shell = new ScriptedShell();
  const events: EventRow[] = [];
  const writer = {
    event: (r: EventRow) => events.push(r),
    step: async () => {},
    write: async () => undefined,
    drain: async () => {},
    state: () => ({ saving: false, full: false }),
    watch: () => ({ dispose() {} }),
  } as unknown as EpisodeWriter;
  const session = new LiveSession({
    episodeId: "ep",
    playerKind: "human",
    sandbox: {} as Sandbox,
    tty: shell,
    console: bashConsole,
    writer,
    gold: "ls",
    cols: 80,
    rows: 24,
    scorer: {
      score: async () => ({ scores: [{ mode: "plateau", reward: 0.5, success: false, version: "test", breakdown: {} }] }),
    },
    turnLimit: null,
    scoreAtTurnLimit: false,
    commandTimeoutMs: null,
    idleTimeoutMs: 60_000,
    maxObservationBytes: 64 * 1024,
    maxRecordingBytes: 16 * 1024 * 1024,
    onEnded: () => {},
    ...o,
  });
  const heard: Array<[string, unknown]> = [];
  const player = { id: "player", canType: true, emit: (event: string, payload: unknown) => void heard.push([event, payload]) };
  return { shell, events, session, player, heard };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

describe("LiveSession", () => {
  it("ends as abandoned once nobody has typed for the idle time, however long it was played before", async () => {
    vi.useFakeTimers();
    try {
      const ended: string[] = [];
      const { session, player } = setup({ idleTimeoutMs: 60_000, onEnded: (s) => ended.push(s.state().status) });
      const attached = session.attach(player);
      await vi.advanceTimersByTimeAsync(1000); // the screen mirror parses on xterm's timers
      await attached;
      for (let i = 0; i < 5; i++) {
        await vi.advanceTimersByTimeAsync(50_000);
        session.input(player.id, "x");
      }
      expect(ended).toEqual([]); // 250 s played, never 60 s without a key
      await vi.advanceTimersByTimeAsync(60_000);
      expect(ended).toEqual(["abandoned"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("counts the player's input toward the recording cap, not only the output", async () => {
    const { session, player, events } = setup({ maxRecordingBytes: 1000 });
    await session.attach(player);
    const paste = "x".repeat(600); // typed with echo off (`stty -echo; cat >/dev/null`): no output at all
    session.input(player.id, paste);
    session.input(player.id, paste);
    session.input(player.id, paste);
    expect(events.filter((e) => e.code === "i").map((e) => e.data)).toEqual([paste]);
    expect(events.filter((e) => e.code === "m").map((e) => e.data)).toEqual(["recording truncated after 1000 bytes"]);
    await session.skip();
  });

  it("sends a spectator that does not acknowledge nothing past 512 KiB while the player gets it all; once it acknowledges, the current screen", async () => {
    const { session, player, shell } = setup();
    let playerGot = 0;
    await session.attach({
      ...player,
      emit: (event, data) => {
        if (event !== ServerEvents.output) return;
        playerGot += (data as string).length;
        session.ack(player.id, (data as string).length); // a page that keeps up
      },
    });
    const watcher: Array<[string, string]> = [];
    await session.attach({ id: "watcher", canType: false, emit: (event, data) => void watcher.push([event, data as string]) });
    const flood = "y\r\n".repeat(16 * 1024); // 48 KiB a chunk, 1.5 MiB in all
    for (let i = 0; i < 32; i++) {
      shell.print(flood);
      await new Promise((r) => setTimeout(r, 5)); // one message each, as the rate cap spaces them
    }
    await until(() => playerGot === 32 * flood.length);
    const watched = () => watcher.filter(([e]) => e === ServerEvents.output).reduce((n, [, d]) => n + d.length, 0);
    expect(watched()).toBeLessThan(640 * 1024); // left behind at 512 KiB, not sent the rest
    shell.print(goldenBash.startup);
    session.ack("watcher", watched());
    await until(() => watcher.filter(([e]) => e === ServerEvents.screen).length === 2);
    expect(watcher.filter(([e]) => e === ServerEvents.screen)[1][1]).toContain("player@plateau");
    await session.skip();
  });

  it("scores a human episode as it stands when it reaches a turn limit set to score", async () => {
    const { session, player, shell, heard } = setup({ turnLimit: 1, scoreAtTurnLimit: true });
    await session.attach(player);
    shell.print(goldenBash.startup);
    shell.print(goldenBash.echo);
    await until(() => session.finalResult !== null);
    expect(session.finalResult).toMatchObject({ status: "submitted", scores: [{ mode: "plateau", reward: 0.5 }] });
    expect(session.state()).toMatchObject({ status: "submitted", turns: 1 });
    const output = heard
      .filter(([e]) => e === ServerEvents.output)
      .map(([, d]) => d)
      .join("");
    expect(output).toContain("Turn limit reached (1): the episode is scored as it stands.");
    expect(heard.some(([e, r]) => e === ServerEvents.result && (r as EpisodeResult).status === "submitted")).toBe(true);
  });

  it("scores a typed submit with what it said (a CTF flag), once the console is back at its prompt", async () => {
    const submitted: string[] = [];
    const { session, player, shell } = setup({ scorer: { score: async (i) => (submitted.push(i.submitted), { scores: [] }) } });
    await session.attach(player);
    shell.print(goldenBash.startup);
    shell.print(`${mark(`633;E;submit picoCTF{x}`)}${mark("133;C")}`);
    expect(session.finalResult).toBeNull();
    shell.print(`${mark("133;D;0")}${mark("133;A")}$ ${mark("133;B")}`);
    await until(() => session.finalResult !== null);
    expect(submitted).toEqual(["submit picoCTF{x}"]);
  });

  it("a wrong answer the environment lets go on: the submit is a turn with its reward, the player is told, play continues, and a right one ends it", async () => {
    const flagScorer = {
      score: async (i: { submitted: string }) => {
        const ok = i.submitted === "submit picoCTF{right}";
        return {
          scores: [{ mode: "plateau" as const, reward: ok ? 1 : 0, success: ok, version: "test", breakdown: {} }],
          ...(ok ? {} : { tryAgain: "Wrong flag: try again." }),
        };
      },
    };
    const { session, player, shell, heard } = setup({ scorer: flagScorer });
    await session.attach(player);
    shell.print(goldenBash.startup);
    const typeSubmit = (flag: string) =>
      shell.print(`${mark(`633;E;submit ${flag}`)}${mark("133;C")}${mark("133;D;0")}${mark("133;A")}$ ${mark("133;B")}`);
    typeSubmit("picoCTF{wrong}");
    await until(() => session.state().turns === 1);
    expect(session.finalResult).toBeNull();
    expect(session.state()).toMatchObject({ status: "active", busy: false, blockedReason: null });
    expect(
      heard
        .filter(([e]) => e === ServerEvents.output)
        .map(([, d]) => d)
        .join(""),
    ).toContain("Wrong flag: try again.");
    typeSubmit("picoCTF{right}");
    await until(() => session.finalResult !== null);
    expect(session.finalResult).toMatchObject({ status: "submitted", scores: [{ reward: 1 }] });
    expect(session.state().turns).toBe(1);
  });

  it("an ending asked for while a typed submit is scored waits for it: the submit's result stands", async () => {
    let release = () => {};
    const scored = new Promise<void>((r) => (release = r));
    const { session, player, shell } = setup({
      scorer: {
        score: async () => (
          await scored,
          { scores: [{ mode: "plateau", reward: 1, success: true, version: "test", breakdown: {} }] }
        ),
      },
    });
    await session.attach(player);
    shell.print(goldenBash.startup);
    shell.print(`${mark("633;E;submit picoCTF{x}")}${mark("133;C")}${mark("133;D;0")}${mark("133;A")}$ ${mark("133;B")}`);
    await until(() => session.state().phase === "scoring");
    const skipped = session.skip();
    release();
    expect(await skipped).toMatchObject({ status: "submitted", scores: [{ reward: 1 }] });
  });

  it("a wrong answer on the last turn ends the episode with its score instead of going on", async () => {
    const { session, player, shell } = setup({
      turnLimit: 1,
      scorer: {
        score: async () => ({
          scores: [{ mode: "plateau", reward: 0, success: false, version: "test", breakdown: {} }],
          tryAgain: "Wrong flag: try again.",
        }),
      },
    });
    await session.attach(player);
    shell.print(goldenBash.startup);
    shell.print(`${mark("633;E;submit picoCTF{wrong}")}${mark("133;C")}${mark("133;D;0")}${mark("133;A")}$ ${mark("133;B")}`);
    await until(() => session.finalResult !== null);
    expect(session.finalResult).toMatchObject({ status: "submitted", scores: [{ reward: 0 }] });
  });

  it("refuses commands past a turn limit that blocks, until the player submits or skips", async () => {
    const { session, player, shell, heard } = setup({ turnLimit: 1 });
    await session.attach(player);
    shell.print(goldenBash.startup);
    shell.print(goldenBash.echo);
    session.input(player.id, "ls\r");
    expect(shell.typed).toEqual([]);
    expect(heard).toContainEqual([ServerEvents.error, "Turn limit reached (1): submit or skip."]);
    expect(session.finalResult).toBeNull();
    await session.skip();
  });

  it("a time limit that waits for the player: paused while the page is away, then scored as it stands", async () => {
    const { session, player, shell } = setup({ timeLimitMs: 150, timerRule: "connected" });
    shell.print(goldenBash.startup);
    expect(session.state()).toMatchObject({ timeLeftMs: 150, timerPaused: true });
    await new Promise((r) => setTimeout(r, 200)); // nobody attached: nothing runs out
    expect(session.finalResult).toBeNull();
    await session.attach(player);
    expect(session.state().timerPaused).toBe(false);
    await new Promise((r) => setTimeout(r, 60));
    session.detach(player.id);
    const left = session.state().timeLeftMs!;
    expect(left).toBeLessThan(150);
    await new Promise((r) => setTimeout(r, 200));
    expect(session.state()).toMatchObject({ timeLeftMs: left, timerPaused: true });
    await session.attach(player);
    await until(() => session.finalResult !== null);
    expect(session.finalResult).toMatchObject({ status: "submitted", scores: [{ mode: "plateau", reward: 0.5 }] });
  });

  it("intercode execution: the executor runs the action, never the terminal; the screen and the recording show it; the turn limit scores", async () => {
    const ran: string[] = [];
    const executor = async (action: string) => {
      ran.push(action);
      return { observation: "a\nb\n", exitCode: 0, timedOut: false, truncated: false, prompt: "[intercode] root:/# " };
    };
    const { session, player, shell, events, heard } = setup({
      playerKind: "agent",
      executor,
      turnLimit: 2,
      scoreAtTurnLimit: true,
    });
    await session.attach(player);
    shell.print(goldenBash.startup);
    const first = await session.runAction("ls", 1000);
    expect(first).toMatchObject({
      observation: "a\nb\n",
      done: false,
      step: { index: 0, action: "ls", exitCode: 0, admissible: true },
    });
    expect(session.state()).toMatchObject({ turns: 1, busy: false });
    const second = await session.runAction("pwd", 1000);
    expect(second).toMatchObject({ done: true, result: { status: "submitted" } });
    expect(ran).toEqual(["ls", "pwd"]);
    expect(shell.typed).toEqual([]);
    const recorded = events
      .filter((e) => e.code === "o")
      .map((e) => e.data)
      .join("");
    expect(recorded).toContain("ls\r\na\r\nb\r\n[intercode] root:/# pwd\r\n");
    expect(events.filter((e) => e.code === "m").map((e) => e.data)).toEqual(["turn 0", "turn 1"]);
    expect(
      heard
        .filter(([e]) => e === ServerEvents.output)
        .map(([, d]) => d)
        .join(""),
    ).toContain("a\r\nb\r\n");
  });
});
