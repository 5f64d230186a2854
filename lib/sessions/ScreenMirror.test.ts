import { afterEach, describe, expect, it, vi } from "vitest";
import { ScreenMirror } from "./ScreenMirror";

// The server's copy of a player's screen: what a reloading page (or a new spectator) is sent.

describe("ScreenMirror", () => {
  afterEach(() => vi.useRealTimers());

  it("a screen read just after output has that output on it, though output is fed in batches", async () => {
    const m = new ScreenMirror(40, 5);
    m.write("player@plateau:/$ ls\r\n");
    m.write("a.txt  b.txt\r\nplayer@plateau:/$ ");
    const screen = await m.snapshot();
    expect(screen).toContain("a.txt  b.txt");
    expect(screen).toMatch(/player@plateau:\/\$ $/);
    const html = await m.screenHtml();
    expect(html.rows).toContain("a.txt  b.txt");
    expect([html.cursorX, html.cursorY]).toEqual([18, 2]);
    m.dispose();
  });

  it("once everything written is parsed, a screen is read without waiting for xterm's timer", async () => {
    vi.useFakeTimers();
    const m = new ScreenMirror(40, 5);
    m.write("echo hi\r\nhi\r\n$ ");
    const first = m.snapshot(); // the write is parsed on xterm's timer
    await vi.runAllTimersAsync();
    expect(await first).toContain("hi\r\n$ ");
    // Nothing is left to parse: no timer runs, yet the screen comes, and it is the same one.
    const again = await m.snapshot();
    expect(again).toBe(await first);
    expect(vi.getTimerCount()).toBe(0);
    m.dispose();
  });
});
