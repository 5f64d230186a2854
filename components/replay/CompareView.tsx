"use client";
import "@xterm/xterm/css/xterm.css";
import { useCallback, useMemo, useRef, useState } from "react";
import type { Terminal } from "@xterm/xterm";
import { firstDifference } from "@/lib/replay/firstDifference";
import type { PlaybackEvent } from "@/lib/replay/playback";
import type { Player } from "@/lib/replay/Player";
import type { ReplayStep } from "@/lib/replay/types";
import type { EpisodeForReplay } from "@/lib/episodes/getEpisodeForReplay";
import { GoldReveal } from "@/components/tasks/GoldReveal";
import { ComparePane } from "./ComparePane";
import { useReplayKeys } from "./useReplayKeys";
import { useUrlTurn } from "./useUrlTurn";
import s from "./replay.module.css";

declare global {
  interface Window {
    /** Side by side: both terminals (window.__plateauTerm is the left one). */
    __plateauTerms?: Terminal[];
  }
}

/** Two episodes of one task side by side: linked step navigation, the first differing step marked. */
export function CompareView({ a, b, initialTurn }: { a: EpisodeForReplay; b: EpisodeForReplay; initialTurn: number }) {
  const [turn, setTurn] = useState(initialTurn);
  const [steps, setSteps] = useState<{ a: ReplayStep[]; b: ReplayStep[] }>({ a: [], b: [] });
  const panes = useRef<{
    a: { player: Player | null; term: Terminal | null };
    b: { player: Player | null; term: Terminal | null };
  }>({
    a: { player: null, term: null },
    b: { player: null, term: null },
  });
  const [ready, setReady] = useState(false);

  const onReady = useCallback((side: "a" | "b", player: Player | null, term: Terminal | null, st: ReplayStep[]) => {
    panes.current[side] = { player, term };
    setSteps((prev) => (prev[side] === st ? prev : { ...prev, [side]: st }));
    const { a: pa, b: pb } = panes.current;
    window.__plateauTerms = [pa.term, pb.term].filter((t): t is Terminal => t !== null);
    window.__plateauTerm = pa.term ?? undefined;
    setReady(pa.player !== null && pb.player !== null);
  }, []);

  const maxTurn = Math.max(steps.a.length, steps.b.length);
  const diff = useMemo(
    () =>
      firstDifference(
        steps.a.map((x) => x.action),
        steps.b.map((x) => x.action),
      ),
    [steps],
  );
  const diffTurn = diff === null ? null : diff + 1;
  const move = useCallback((direction: 1 | -1) => setTurn((t) => Math.max(0, Math.min(maxTurn, t + direction))), [maxTurn]);

  const send = useMemo(() => {
    if (!ready) return null;
    return (e: PlaybackEvent) => {
      if (e.type === "nextTurn" || e.type === "prevTurn") return move(e.type === "nextTurn" ? 1 : -1);
      if (e.type === "first") return setTurn(0);
      if (e.type === "last") return setTurn(maxTurn);
      panes.current.a.player?.dispatch(e);
      panes.current.b.player?.dispatch(e);
    };
  }, [ready, move, maxTurn]);
  useReplayKeys(send, () => {});
  useUrlTurn(turn);

  return (
    <main className={s.page}>
      <header className={s.header}>
        <div className={s.headerTask}>
          <div className={s.meta}>
            <span className="tag">{a.task.environment}</span>
            <span className="muted">
              {a.task.dataset} #{a.task.index}
            </span>
            <span className="muted">Gold:</span> <GoldReveal taskId={a.task.id} />
          </div>
          <h1 className={s.query} data-testid="task-query">
            {a.task.query}
          </h1>
          <div className={s.controls}>
            <button type="button" aria-label="Previous step (both)" onClick={() => move(-1)}>
              ◀
            </button>
            <span className={s.clock} data-testid="linked-turn">
              turn {turn} / {maxTurn}
            </span>
            <button type="button" aria-label="Next step (both)" onClick={() => move(1)}>
              ▶
            </button>
            {diffTurn !== null ? (
              <button type="button" className={s.diffNote} data-testid="first-difference" onClick={() => setTurn(diffTurn)}>
                First difference: turn {diffTurn}
              </button>
            ) : (
              maxTurn > 0 && (
                <span className="muted" data-testid="first-difference">
                  Same actions at every turn
                </span>
              )
            )}
          </div>
        </div>
      </header>
      <div className={s.compare}>
        <ComparePane side="a" episode={a} turn={turn} onTurn={setTurn} onStep={move} diffTurn={diffTurn} onReady={onReady} />
        <ComparePane side="b" episode={b} turn={turn} onTurn={setTurn} onStep={move} diffTurn={diffTurn} onReady={onReady} />
      </div>
    </main>
  );
}
