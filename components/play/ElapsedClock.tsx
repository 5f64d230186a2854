"use client";
import { useEffect, useMemo, useState } from "react";

/**
 * Time since `since`; with `countdown`, the time left of a limit instead, counted down from the
 * server's last word (it stands still while the server says the clock is paused).
 */
export function ElapsedClock({
  since,
  stopped,
  countdown = null,
}: {
  since: string | null;
  stopped: boolean;
  countdown?: { leftMs: number; paused: boolean } | null;
}) {
  const [now, setNow] = useState(() => Date.now());
  // When the server's figure arrived: the countdown runs from there.
  const heardAt = useMemo(() => Date.now(), [countdown?.leftMs, countdown?.paused]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (stopped) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [stopped]);
  if (!since) return <>–</>;
  const s = countdown
    ? Math.max(0, Math.ceil((countdown.leftMs - (countdown.paused || stopped ? 0 : Math.max(0, now - heardAt))) / 1000))
    : Math.max(0, Math.floor((now - Date.parse(since)) / 1000));
  // The server's HTML and the browser's first render can be a second apart.
  return (
    <span suppressHydrationWarning>
      {`${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`}
      {countdown?.paused ? " (paused)" : ""}
    </span>
  );
}
