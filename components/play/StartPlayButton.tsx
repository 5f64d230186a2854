"use client";
import { EpisodeForm } from "./EpisodeForm";
import type { AheadConnection } from "./liveConnection";

/**
 * Starts a new episode of a task: a form POST (starting takes a sandbox, so never a link a page
 * elsewhere could load), with a key made for this rendering so that a double click starts one
 * episode. The episode opens in the same document once the page's scripts run (EpisodeForm).
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
  /** Called as the POST goes out (EpisodeForm). */
  onStart?: () => AheadConnection | void;
}) {
  return (
    <EpisodeForm
      action={`/play/${taskId}/start`}
      // The Play page says why a start failed (?error=), as after the plain form's POST.
      errorAt={(why) => `/play/${taskId}?error=${encodeURIComponent(why)}`}
      onStart={onStart}
      style={{ display: "inline" }}
    >
      <input type="hidden" name="once" value={once} />
      <button type="submit" className={primary ? "primary" : undefined} data-testid={testId}>
        {label}
      </button>
    </EpisodeForm>
  );
}
