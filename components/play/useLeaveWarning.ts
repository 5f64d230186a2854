"use client";
import { useEffect } from "react";
import { isReloadKey } from "@/lib/sessions/isReloadKey";

const QUESTION = "Your episode is still live: leave it? (It stays open until its idle timeout; Resume it from Home.)";

/**
 * While `when`, leaving the page asks first: closing the tab or going elsewhere (beforeunload), and
 * following a link inside the app (those navigate without unloading the page, so they are caught
 * before React's handlers: a window listener in the capture phase).
 * Back and Forward between pages of this one document (Start opens the episode without a new one)
 * unload nothing either: the Navigation API asks about those and stops them.
 * A reload does not ask (it reattaches to the same episode), but beforeunload does not say whether
 * the page reloads or goes: so the reload keys reload from here, and that reload is let through.
 * (The browser's own reload button cannot be told apart from leaving: Chromium then asks "Reload site?".)
 */
export function useLeaveWarning(when: boolean): void {
  useEffect(() => {
    if (!when) return;
    let reloading = false;
    const unload = (e: BeforeUnloadEvent) => {
      if (reloading) return;
      e.preventDefault();
      e.returnValue = ""; // Chromium asks only when this is set
    };
    const click = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!a || a.target === "_blank" || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      const to = new URL(a.href, window.location.href);
      if (to.origin !== window.location.origin || to.pathname === window.location.pathname) return;
      if (!window.confirm(QUESTION)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    // Capture phase: before the terminal, which would send F5 to the shell.
    const key = (e: KeyboardEvent) => {
      if (!isReloadKey(e, !!(e.target as Element | null)?.closest?.(".xterm"))) return;
      e.preventDefault();
      e.stopPropagation();
      reloading = true;
      window.location.reload();
    };
    // A traversal to another document is not cancelable here: beforeunload asks about that one.
    const traverse = (e: Event) => {
      const n = e as Event & { navigationType?: string };
      if (n.navigationType === "traverse" && e.cancelable && !window.confirm(QUESTION)) e.preventDefault();
    };
    const navigation = (window as { navigation?: EventTarget }).navigation;
    window.addEventListener("beforeunload", unload);
    window.addEventListener("click", click, true);
    window.addEventListener("keydown", key, true);
    navigation?.addEventListener("navigate", traverse);
    return () => {
      navigation?.removeEventListener("navigate", traverse);
      window.removeEventListener("beforeunload", unload);
      window.removeEventListener("click", click, true);
      window.removeEventListener("keydown", key, true);
    };
  }, [when]);
}
