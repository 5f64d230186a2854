"use client";
import { useEffect } from "react";
import type { PlaybackEvent } from "@/lib/replay/playback";

const KEYS: Record<string, PlaybackEvent> = {
  ArrowLeft: { type: "prevTurn" },
  ArrowRight: { type: "nextTurn" },
  k: { type: "prevTurn" },
  j: { type: "nextTurn" },
  " ": { type: "toggle" },
  Home: { type: "first" },
  End: { type: "last" },
};

/** ←/→ and k/j step, space plays, Home/End jump, / searches. Keys typed into a field are left alone (xterm's own hidden one excepted). */
export function useReplayKeys(send: ((e: PlaybackEvent) => void) | null, focusSearch: () => void): void {
  useEffect(() => {
    if (!send) return;
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
      const ev = KEYS[e.key];
      if (!ev) return;
      e.preventDefault();
      send(ev);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [send, focusSearch]);
}
