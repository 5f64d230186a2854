"use client";
import "@xterm/xterm/css/xterm.css";
import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import type { PublicTask } from "@/lib/tasks/catalog";
import type { SandboxInfo } from "@/lib/runtime/context";
import { useLiveTerminal, warmUpTerminal } from "./useLiveTerminal";
import { io } from "socket.io-client";
import { connectAhead } from "./liveConnection";
import { ResultPanel } from "./ResultPanel";
import { StartPlayButton } from "./StartPlayButton";
import { EpisodeForm } from "./EpisodeForm";
import { ElapsedClock } from "./ElapsedClock";
import { ScreenPreview } from "./ScreenPreview";
import { playerTokenKey } from "./earlyPlay";
import { useLeaveWarning } from "./useLeaveWarning";
import { playEnded, playStatusLabel } from "@/lib/sessions/playStatus";
import type { PlayOpening } from "@/lib/sessions/openPlay";

/** A Start (or a study's Next) is on its way: the terminal's connection opens meanwhile. */
const startConnection = () => connectAhead(io);

/** The Play screen: task, live terminal, turn counter, clock, Submit / Skip, then the result. */
/** `study`: this episode is a study's task (after it, the participant's next task). */
/** `nextTaskId`: the next task of the dataset, offered after the episode. */
export function PlayView({
  task,
  sandbox,
  opening,
  unplayable,
  howToSubmit,
  study,
  startKey,
  nextTaskId,
}: {
  task: PublicTask;
  sandbox: SandboxInfo;
  opening: PlayOpening | null;
  unplayable: string | null;
  howToSubmit: string | null;
  study: boolean;
  startKey: string;
  nextTaskId: number | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [episode, setEpisode] = useState(opening?.episodeId ? { id: opening.episodeId, token: opening.playerToken } : null);
  // The state as the page was made (turns, clock) shows in the first paint; the socket keeps it current.
  const live = useLiveTerminal(box, episode?.id ?? null, episode?.token ?? null, opening?.state ?? null);

  useEffect(() => {
    if (!opening?.episodeId) return;
    const { episodeId, playerToken } = opening;
    // Also done by the inline script on a full load; a client-side navigation has only this.
    if (playerToken) {
      localStorage.setItem(playerTokenKey(episodeId), playerToken);
      const url = new URL(window.location.href);
      url.searchParams.set("episode", episodeId);
      window.history.replaceState(window.history.state, "", url);
    } else {
      // A reload: the player's token stayed in this browser; without it, this page only watches.
      const token = localStorage.getItem(playerTokenKey(episodeId));
      if (token) setEpisode({ id: episodeId, token });
    }
  }, [opening]);

  const s = live.state;
  const status = live.result?.status ?? s?.status ?? null;
  const ended = live.result !== null || playEnded(s?.status ?? null);
  const canAct = !!episode?.token && !ended && s !== null && live.connected;
  const canStart = !opening?.episodeId && !!sandbox.driver && !unplayable;
  useEffect(() => {
    const near = box.current?.parentElement;
    if (canStart && near) return warmUpTerminal(near);
  }, [canStart]);
  // The player leaving a live episode is warned (a person closing the tab may not know that the
  // sandbox stays theirs until the idle timeout); a reload is not asked about: it reattaches.
  useLeaveWarning(!!episode?.token && !ended);
  return (
    <main style={{ maxWidth: "none" }}>
      <div className="play-layout">
        <aside className="panel">
          <div className="muted" style={{ fontSize: 12 }}>
            {task.environment} · {task.dataset} #{task.index}
          </div>
          <h1 style={{ fontSize: 16, lineHeight: 1.4, marginTop: 6 }} data-testid="task-query">
            {task.query}
          </h1>
          <div style={{ display: "flex", gap: 16, margin: "12px 0" }}>
            <div>
              <div className="muted" style={{ fontSize: 12 }}>
                Turns
              </div>
              <div className="big" data-testid="turns">
                {s ? s.turns : "–"}
                {s?.turnLimit ? (
                  <span className="muted" style={{ fontSize: 16 }}>
                    {" "}
                    / {s.turnLimit}
                  </span>
                ) : null}
              </div>
            </div>
            <div>
              <div className="muted" style={{ fontSize: 12 }}>
                {s?.timeLeftMs != null ? "Time left" : "Time"}
              </div>
              <div className="big" data-testid="clock">
                <ElapsedClock
                  since={s?.startedAt ?? null}
                  stopped={ended}
                  countdown={s?.timeLeftMs != null ? { leftMs: s.timeLeftMs, paused: !!s.timerPaused } : null}
                />
              </div>
            </div>
          </div>
          {/* Before an episode, Start is the one action; Submit and Skip come with the episode (and after it, Next is the primary one). */}
          {episode ? (
            <div className="toolbar">
              <button
                className={ended ? undefined : "primary"}
                disabled={!canAct}
                onClick={live.submit}
                title="Score the current state against the gold"
              >
                Submit
              </button>
              <button disabled={!canAct} onClick={live.skip} title="End without a score">
                Skip
              </button>
              {s?.busy && !ended && (
                <span className="muted" data-testid="running">
                  running…
                </span>
              )}
              {s?.saving && (
                <span className="warn" data-testid="saving" title="The database is behind: what you played is being stored">
                  saving…
                </span>
              )}
            </div>
          ) : (
            canStart && (
              <div className="toolbar">
                <StartPlayButton
                  taskId={task.id}
                  once={startKey}
                  onStart={startConnection}
                  label={opening?.error ? "Try again" : "Start"}
                  primary
                  testId="start-episode"
                />
              </div>
            )
          )}
          <p className="muted" style={{ fontSize: 12 }} data-testid="how-to-submit">
            {howToSubmit ?? (
              <>
                Every command you run is one turn. Type <code>submit</code> at the prompt or press Submit when the file system and
                your last output answer the task.
              </>
            )}
          </p>
          {episode && !episode.token && !ended && (
            <p className="warn">You are watching this episode; only its player can type.</p>
          )}
          {(opening?.error || live.error) && (
            <div className="error-box" data-testid="play-error">
              {opening?.error ?? live.error}
            </div>
          )}
          {unplayable && (
            <div className="error-box" data-testid="play-error">
              This task cannot be played live: {unplayable}
            </div>
          )}
          {!sandbox.driver && (
            <div className="error-box" data-testid="play-error">
              This task cannot be played here: {sandbox.reason}
            </div>
          )}
          {ended && episode && !study && (
            <p className="toolbar" style={{ marginTop: 12 }}>
              <Link href={`/episodes/${episode.id}`} className="button">
                Open the replay →
              </Link>
              {nextTaskId !== null && (
                <Link href={`/play/${nextTaskId}`} className="button primary" data-testid="next-task">
                  Next task →
                </Link>
              )}
            </p>
          )}
          {live.result && <ResultPanel result={live.result} episodeId={episode!.id} />}
          {ended && study && (
            <EpisodeForm action="/study/next" onStart={startConnection}>
              <button className="primary" type="submit" autoFocus data-testid="study-next">
                Next →
              </button>
            </EpisodeForm>
          )}
        </aside>
        <section style={{ minWidth: 0 /* a grid column may shrink below the terminal's width: the terminal refits */ }}>
          <div style={{ display: "flex", justifyContent: "space-between", marginBottom: 6 }} className="muted">
            <span data-testid="play-status">
              {playStatusLabel({ episode: !!episode, player: !!episode?.token, connected: live.connected, status })}
            </span>
            <span>{live.steps.length ? `last: ${live.steps[live.steps.length - 1].action.slice(0, 60)}` : ""}</span>
          </div>
          <div style={{ position: "relative" }}>
            <div ref={box} data-testid="terminal" className="play-terminal" />
            {opening?.episodeId && opening.screen && !live.drawn && <ScreenPreview screen={opening.screen} />}
          </div>
        </section>
      </div>
    </main>
  );
}
