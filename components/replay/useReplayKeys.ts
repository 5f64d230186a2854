"use client";
import { useEffect } from "react";
import type { PlaybackEvent } from "@/lib/replay/playback";
import { REPLAY_KEYS } from "@/lib/replay/replayKeys";
import { takeEarlyReplayKeys } from "./earlyReplay";

/** ←/→ and k/j step, space plays, Home/End jump, / searches. Keys typed into a field are left alone (xterm's own hidden one excepted). */
export function useReplayKeys(send: ((e: PlaybackEvent) => void) | null, focusSearch: () => void): void {
  useEffect(() => {
    if (!send) return;
    // Pressed while the page was starting (the inline script held them): in order, before any new one.
    for (const key of takeEarlyReplayKeys()) send(REPLAY_KEYS[key]);
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const t = e.target as HTMLElement | null;
      const typing =
        t &&
        (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) &&
        !t.classList.contains("xterm-helper-textarea");
      if (typing) return;
      if (e.key === "/") {
        e.preventDefault();
        focusSearch();
        return;
      }
      const ev = REPLAY_KEYS[e.key];
      if (!ev) return;
      e.preventDefault();
      send(ev);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [send, focusSearch]);
}
