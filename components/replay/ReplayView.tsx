"use client";
import "@xterm/xterm/css/xterm.css";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import type { Terminal } from "@xterm/xterm";
import { searchSteps, stepToMatch, type StepMatch } from "@/lib/replay/searchSteps";
import { initialPlayback, type PlaybackEvent } from "@/lib/replay/playback";
import { isSubmitIn } from "@/lib/environments/isSubmit";
import type { Player, PlayerView } from "@/lib/replay/Player";
import type { EpisodeForReplay } from "@/lib/episodes/getEpisodeForReplay";
import type { TaskEpisode } from "@/lib/episodes/listEpisodesOfTask";
import type { ReplayStep } from "@/lib/replay/types";
import type { ScreenHtml } from "@/lib/sessions/protocol";
import { useReplaySession } from "./useReplaySession";
import { useReplayKeys } from "./useReplayKeys";
import { useUrlTurn } from "./useUrlTurn";
import { EpisodeHeader } from "./EpisodeHeader";
import { StepList } from "./StepList";
import { TimelineBar } from "./TimelineBar";
import { PlayerControls } from "./PlayerControls";
import { StepDetail } from "./StepDetail";
import { SearchBox } from "./SearchBox";
import { ReplayScreenPreview } from "./ReplayScreenPreview";
import s from "./replay.module.css";
import { formatCount, formatReward } from "@/lib/stats/formatNumber";

declare global {
  interface Window {
    __plateauTerm?: Terminal;
    /** The replay page's player, for browser tests and benchmarks. */
    __plateauReplay?: { player: Player; view(): PlayerView | null; settled(): Promise<void> };
  }
}

const NO_MATCHES: StepMatch[] = [];

interface Props {
  episode: EpisodeForReplay;
  /** From ?step=N: the turn to open at. */
  initialTurn?: number;
  /** Other episodes of the same task, to open side by side. */
  others: TaskEpisode[];
  /** Researchers: the gold on request and the task's page; a participant sees neither. */
  showGold: boolean;
  /** The steps without their observations (listed in the first paint; the rest loads after). */
  initialSteps?: ReplayStep[];
  /** The screen the replay opens on, drawn by the server (a finished episode's): shown until the terminal has drawn it. */
  screen?: ScreenHtml | null;
}

/** The replay page: step list, terminal re-fed from the recording, timeline, controls, search; live when the episode is being played. */
export function ReplayView({ episode: initial, initialTurn, others, showGold, initialSteps, screen }: Props) {
  const termBox = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const router = useRouter();
  const { episode, term, player, view, steps, outputs, synthesized, error, live } = useReplaySession(
    initial,
    initialTurn,
    termBox,
    { steps: initialSteps },
  );
  const [drawn, setDrawn] = useState(false);
  const [query, setQuery] = useState("");
  const [current, setCurrent] = useState<number | null>(null);
  const matches = useMemo(() => searchSteps(steps, query), [steps, query]);
  const hits = useMemo(() => new Set(matches.map((m) => m.turn)), [matches]);
  // Until the player is there, the turn the page opens on (?step=N), as its first paint shows it.
  const turn = view?.state.turn ?? Math.min(initialTurn ?? 0, steps.length);
  const onSelect = useCallback((t: number) => player?.dispatch({ type: "seekTurn", turn: t }), [player]);

  useEffect(() => {
    if (!term || !player) return;
    // Interactive: steps listed, screen drawn (bench/replay.ts reads this mark).
    void player.settled().then(() => {
      setDrawn(true);
      requestAnimationFrame(() => performance.mark("plateau:replay-ready"));
    });
    window.__plateauTerm = term;
    window.__plateauReplay = { player, view: () => player.getView(), settled: () => player.settled() };
    return () => {
      if (window.__plateauTerm === term) window.__plateauTerm = undefined;
      if (window.__plateauReplay?.player === player) window.__plateauReplay = undefined;
    };
  }, [term, player]);

  const send = useMemo(() => (player ? (e: PlaybackEvent) => player.dispatch(e) : null), [player]);
  const focusSearch = useCallback(() => search.current?.focus(), []);
  useReplayKeys(send, focusSearch);
  useUrlTurn(view && view.state.status !== "following" ? turn : undefined);

  const onQuery = (q: string) => {
    setQuery(q);
    setCurrent(null);
  };
  const stepMatch = (direction: 1 | -1) => {
    const shown = current !== null && matches[current]?.turn === turn ? current : null;
    const i = stepToMatch(matches, shown, turn, direction);
    if (i === null) return;
    setCurrent(i);
    player?.dispatch({ type: "seekTurn", turn: matches[i].turn });
  };

  const step = turn >= 1 ? (steps[turn - 1] ?? null) : null;
  // Spectating, the steps arrive as they are played: the header counts them, not the page's first copy.
  const isSubmit = isSubmitIn(episode.task.environment);
  const turnsTaken = useMemo(
    () => (live ? Math.max(episode.turns, steps.filter((st) => !isSubmit(st.action)).length) : episode.turns),
    [live, episode.turns, steps, isSubmit],
  );
  const sameTask = others.filter((o) => o.id !== episode.id);

  return (
    <main className={s.page} data-live={live?.status ?? "off"}>
      <EpisodeHeader episode={episode} turns={turnsTaken} showGold={showGold}>
        {sameTask.length > 0 && (
          <select
            aria-label="Compare side by side with"
            value=""
            onChange={(e) => e.target.value && router.push(`/episodes/compare?a=${episode.id}&b=${e.target.value}&step=${turn}`)}
          >
            <option value="">Side by side with…</option>
            {sameTask.map((o) => (
              <option key={o.id} value={o.id}>
                {o.playerKind === "agent" ? (o.model ?? o.runName ?? "agent") : (o.playerName ?? "human")} ·{" "}
                {formatCount(o.turns, "turn")} · {o.status}
                {o.reward !== null ? ` · ${formatReward(o.reward)}` : ""}
              </option>
            ))}
          </select>
        )}
        {episode.hasRecording && (
          <a href={`/api/episodes/${episode.id}/cast`} className="muted">
            download .cast
          </a>
        )}
        {synthesized && (
          <span
            className="tag"
            title="This episode has no terminal recording; the screen is made from its actions and observations."
          >
            synthesized screen
          </span>
        )}
      </EpisodeHeader>
      <div className={s.layout}>
        <aside className={s.side}>
          <SearchBox
            ref={search}
            query={query}
            onQuery={onQuery}
            current={current}
            total={matches.length}
            onStep={stepMatch}
            partial={!outputs}
          />
          <StepList steps={steps} turn={turn} onSelect={onSelect} hits={query.trim() ? hits : undefined} isSubmit={isSubmit} />
          <div className={s.keys}>
            <span>
              <kbd>←</kbd>
              <kbd>→</kbd> or <kbd>k</kbd>
              <kbd>j</kbd> step
            </span>
            <span>
              <kbd>space</kbd> play
            </span>
            <span>
              <kbd>Home</kbd>
              <kbd>End</kbd>
            </span>
            <span>
              <kbd>/</kbd> search
            </span>
          </div>
        </aside>
        <section className={s.main}>
          <div className={`${s.termBox} ${s.termStack}`}>
            <div ref={termBox} data-testid="replay-terminal" />
            {screen && !drawn && !error && <ReplayScreenPreview screen={screen} />}
            {((!player && !screen) || error) && (
              <div className={s.termOverlay} data-testid="replay-loading">
                {error ? <span className="bad">Could not load the replay: {error}</span> : "Loading the recording…"}
              </div>
            )}
          </div>
          {live && live.status !== "live" && (
            <div className="muted" data-testid="live-status" style={{ fontSize: 12 }}>
              {live.status === "not-live"
                ? `Not live: ${live.detail ?? "the episode is not being played now"}`
                : live.status === "disconnected"
                  ? "Connection lost; reconnecting…"
                  : "Connecting to the live episode…"}
            </div>
          )}
          {player && view ? (
            <>
              <TimelineBar player={player} view={view} steps={steps} isSubmit={isSubmit} />
              <PlayerControls player={player} view={view} />
            </>
          ) : (
            // Until the player is there: their places, so nothing below moves when it comes.
            !error && (
              <>
                <div className={s.timeline} style={{ cursor: "default" }} aria-hidden />
                <PlayerControls
                  player={null}
                  view={{ state: { ...initialPlayback(), turn }, duration: null, turnCount: steps.length, live: false }}
                />
              </>
            )
          )}
          <StepDetail
            step={step}
            turn={turn}
            outputs={outputs}
            matches={query.trim() ? matches : NO_MATCHES}
            current={current !== null ? (matches[current] ?? null) : null}
          />
        </section>
      </div>
    </main>
  );
}
