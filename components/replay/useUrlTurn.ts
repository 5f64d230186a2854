"use client";
import { useEffect, useRef } from "react";

/** Keeps ?step=N (the 1-based turn shown) in the address as the viewer moves, without adding history entries. */
export function useUrlTurn(turn: number | undefined, param = "step"): void {
  const first = useRef(true);
  useEffect(() => {
    if (turn === undefined) return;
    // The page opened where the address says (or at the start): nothing to write yet.
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      const url = new URL(window.location.href);
      if (url.searchParams.get(param) === String(turn)) return;
      url.searchParams.set(param, String(turn));
      window.history.replaceState(window.history.state, "", url);
    }, 120);
    return () => clearTimeout(timer);
  }, [turn, param]);
}
