"use client";
import { useEffect } from "react";

const QUESTION = "Your episode is still live: leave it? (It stays open until its idle timeout; Resume it from Home.)";

/**
 * While `when`, leaving the page asks first: closing the tab or going elsewhere (beforeunload), and
 * following a link inside the app (those navigate without unloading the page, so they are caught
 * before React's handlers: a window listener in the capture phase).
 */
export function useLeaveWarning(when: boolean): void {
  useEffect(() => {
    if (!when) return;
    const unload = (e: BeforeUnloadEvent) => {
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
    window.addEventListener("beforeunload", unload);
    window.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", unload);
      window.removeEventListener("click", click, true);
    };
  }, [when]);
}
