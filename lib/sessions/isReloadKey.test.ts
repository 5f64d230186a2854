import { describe, expect, it } from "vitest";
import { isReloadKey } from "./isReloadKey";

const press = (key: string, mods: { ctrl?: boolean; meta?: boolean; alt?: boolean } = {}) => ({
  key,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  altKey: !!mods.alt,
});

describe("isReloadKey", () => {
  it.each([
    ["F5", press("F5"), false, true],
    ["F5 in the terminal", press("F5"), true, true],
    ["Ctrl+R", press("r", { ctrl: true }), false, true],
    ["Ctrl+Shift+R (hard reload)", press("R", { ctrl: true }), false, true],
    ["Cmd+R", press("r", { meta: true }), false, true],
    ["Cmd+R in the terminal", press("r", { meta: true }), true, true],
    ["Ctrl+R in the terminal: the shell's history search", press("r", { ctrl: true }), true, false],
    ["r alone", press("r"), false, false],
    ["Ctrl+Alt+R", press("r", { ctrl: true, alt: true }), false, false],
    ["Ctrl+T", press("t", { ctrl: true }), false, false],
    ["F4", press("F4"), false, false],
  ])("%s", (_name, k, inTerminal, reload) => {
    expect(isReloadKey(k, inTerminal)).toBe(reload);
  });
});
