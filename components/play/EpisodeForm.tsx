"use client";
import { useState, useTransition, type CSSProperties, type FormEvent, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { holdEarlyKeys } from "./earlyPlay";
import type { AheadConnection } from "./liveConnection";

/**
 * A form whose POST starts or resumes an episode (Play's Start, a study's Next). Once the page's
 * scripts run, the page sends it itself and goes where the answer says (`{ location }`) in the same
 * document: the framework (and on Play, the terminal's code) is already loaded, so the shell is typed
 * into sooner. Keys typed meanwhile are held for the terminal, as the page's inline script holds them
 * after a plain POST. Before the scripts run, it posts as a plain form (answered by a redirect).
 */
export function EpisodeForm({
  action,
  errorAt,
  onStart,
  style,
  children,
}: {
  action: string;
  /** The page that says why the POST was refused; without it, the form says so itself. */
  errorAt?: (message: string) => string;
  /**
   * Called as the POST goes out (Play opens its terminal's connection meanwhile); what it returns
   * is told the episode that came of it, or closed if none did.
   */
  onStart?: () => AheadConnection | void;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const router = useRouter();
  const [posting, setPosting] = useState(false);
  const [navigating, startNavigation] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const busy = posting || navigating;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setPosting(true);
    setError(null);
    const form = e.currentTarget;
    const releaseKeys = holdEarlyKeys();
    const ahead = onStart?.();
    const cancel = () => {
      releaseKeys();
      ahead?.close();
    };
    try {
      const res = await fetch(action, { method: "POST", body: new FormData(form), headers: { accept: "application/json" } });
      const body = (await res.json().catch(() => null)) as {
        location?: string;
        episodeId?: string | null;
        playerToken?: string;
        error?: string;
      } | null;
      // A path of this site only: the answer is the server's, but nothing here goes elsewhere.
      const location = res.ok && body?.location && /^\/(?![/\\])/.test(body.location) ? body.location : null;
      // Where no episode's terminal comes (a study's end), nothing is to take the keys and the connection.
      if (!location || !body?.episodeId) cancel();
      else ahead?.attach({ id: body.episodeId, token: body.playerToken ?? null });
      if (location) return startNavigation(() => router.push(location));
      const why = body?.error ?? `${res.status} ${res.statusText}`;
      if (errorAt) startNavigation(() => router.push(errorAt(why)));
      else setError(why);
    } catch {
      cancel();
      form.submit(); // the request did not go out (offline a moment): the plain form tries
    } finally {
      setPosting(false);
    }
  };

  return (
    <form method="post" action={action} style={style} onSubmit={onSubmit} aria-busy={busy}>
      {children}
      {error && (
        <div className="error-box" role="alert" style={{ marginTop: 8 }}>
          {error}
        </div>
      )}
    </form>
  );
}
