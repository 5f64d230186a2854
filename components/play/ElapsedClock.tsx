"use client";
import { useEffect, useState } from "react";

export function ElapsedClock({ since, stopped }: { since: string | null; stopped: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (stopped) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [stopped]);
  if (!since) return <>–</>;
  const s = Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
  // The server's HTML and the browser's first render can be a second apart.
  return <span suppressHydrationWarning>{`${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`}</span>;
}
