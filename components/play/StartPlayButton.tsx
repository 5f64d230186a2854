"use client";
import { useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { holdEarlyKeys } from "./earlyPlay";

/**
 * Starts a new episode of a task: a form POST (starting takes a sandbox, so never a link a page
 * elsewhere could load), with a key made for this rendering so that a double click starts one episode.
 * Once the page's scripts run, the POST is sent from the page and the episode opens without a new
 * document: the framework (and on Play, the terminal's code) is already loaded, so the shell is typed
 * into sooner. Keys typed meanwhile are held for the terminal, as the page's inline script holds
 * them after a plain POST. Before the scripts run, the form posts as a plain form.
 */
export function StartPlayButton({
  taskId,
  once,
  label = "Play",
  primary = false,
  testId,
  onStart,
}: {
  taskId: number;
  once: string;
  label?: string;
  primary?: boolean;
  testId?: string;
  /**
   * Called as the page's POST goes out (the Play page opens its terminal's connection meanwhile);
   * what it returns is called if no episode came of it.
   */
  onStart?: () => (() => void) | void;
}) {
  const router = useRouter();
  const [posting, setPosting] = useState(false);
  const [navigating, startNavigation] = useTransition();
  const starting = posting || navigating;
  const action = `/play/${taskId}/start`;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (starting) return;
    setPosting(true);
    const form = e.currentTarget;
    const releaseKeys = holdEarlyKeys();
    const closeAhead = onStart?.();
    const cancel = () => {
      releaseKeys();
      closeAhead?.();
    };
    try {
      const res = await fetch(action, { method: "POST", body: new FormData(form), headers: { accept: "application/json" } });
      const body = (await res.json().catch(() => null)) as { location?: string; error?: string } | null;
      const location = res.ok && body?.location?.startsWith(`/play/${taskId}?`) ? body.location : null;
      if (!location) cancel();
      // The Play page says why a start failed (?error=), as after the plain form's POST.
      const to = location ?? `/play/${taskId}?error=${encodeURIComponent(body?.error ?? `${res.status} ${res.statusText}`)}`;
      startNavigation(() => router.push(to));
    } catch {
      cancel();
      form.submit(); // the request did not go out (offline a moment): the plain form tries
    } finally {
      setPosting(false);
    }
  };

  return (
    <form method="post" action={action} style={{ display: "inline" }} onSubmit={onSubmit}>
      <input type="hidden" name="once" value={once} />
      <button type="submit" className={primary ? "primary" : undefined} data-testid={testId} aria-busy={starting}>
        {label}
      </button>
    </form>
  );
}
