"use client";
import { useEffect, useState } from "react";

/** Time since `since`; with `limitSec`, the time left of it instead (a study's countdown). */
export function ElapsedClock({ since, stopped, limitSec = null }: { since: string | null; stopped: boolean; limitSec?: number | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (stopped) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [stopped]);
  if (!since) return <>–</>;
  const elapsed = Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
  const s = limitSec === null ? elapsed : Math.max(0, limitSec - elapsed);
  // The server's HTML and the browser's first render can be a second apart.
  return <span suppressHydrationWarning>{`${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`}</span>;
}
