"use client";
import "@xterm/xterm/css/xterm.css";
import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import type { PublicTask } from "@/lib/tasks/catalog";
import type { SandboxInfo } from "@/lib/runtime/context";
import { useLiveTerminal } from "./useLiveTerminal";
import { ResultPanel } from "./ResultPanel";
import { ElapsedClock } from "./ElapsedClock";
import { startEpisode, type StartReply } from "./startEpisode";

const tokenKey = (episodeId: string) => `plateau.player.${episodeId}`;

/** The Play screen: task, live terminal, turn counter, clock, Submit / Skip, then the result. */
export function PlayView({ task, sandbox }: { task: PublicTask; sandbox: SandboxInfo }) {
  const box = useRef<HTMLDivElement>(null);
  const [episode, setEpisode] = useState<{ id: string; token: string | null } | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  // The terminal and its connection are made at once, while the episode is still starting.
  const live = useLiveTerminal(box, episode?.id ?? null, episode?.token ?? null, !!sandbox.driver);
  // One episode per page load, even when React runs the effect twice (strict mode).
  const starting = useRef<Promise<StartReply> | null>(null);

  useEffect(() => {
    // A reload keeps the episode: its id is in the URL, the player's token in this browser.
    const url = new URL(window.location.href);
    const existing = url.searchParams.get("episode");
    if (existing) {
      setEpisode({ id: existing, token: localStorage.getItem(tokenKey(existing)) });
      return;
    }
    if (!sandbox.driver) return;
    let cancelled = false;
    starting.current ??= startEpisode(task.id);
    void starting.current.then((body) => {
      if (cancelled) return;
      if (!body.ok || !body.episodeId || !body.playerToken) return setStartError(body.error ?? "could not start the episode");
      localStorage.setItem(tokenKey(body.episodeId), body.playerToken);
      url.searchParams.set("episode", body.episodeId);
      window.history.replaceState(null, "", url);
      setEpisode({ id: body.episodeId, token: body.playerToken });
    });
    return () => {
      cancelled = true;
    };
  }, [task.id, sandbox.driver]);

  const s = live.state;
  const ended = live.result !== null || (s !== null && s.status !== "active");
  const canAct = !!episode?.token && !ended && s !== null;
  return (
    <main style={{ maxWidth: "none" }}>
      <div style={{ display: "grid", gridTemplateColumns: "minmax(280px, 360px) 1fr", gap: 16, alignItems: "start" }}>
        <aside className="panel">
          <div className="muted" style={{ fontSize: 12 }}>
            {task.environment} · {task.dataset} #{task.index}
          </div>
          <h1 style={{ fontSize: 16, lineHeight: 1.4, marginTop: 6 }} data-testid="task-query">{task.query}</h1>
          <div style={{ display: "flex", gap: 16, margin: "12px 0" }}>
            <div><div className="muted" style={{ fontSize: 12 }}>Turns</div><div className="big" data-testid="turns">{s ? s.turns : "–"}{s?.turnLimit ? <span className="muted" style={{ fontSize: 16 }}> / {s.turnLimit}</span> : null}</div></div>
            <div><div className="muted" style={{ fontSize: 12 }}>Time</div><div className="big"><ElapsedClock since={s?.startedAt ?? null} stopped={ended} /></div></div>
          </div>
          <div className="toolbar">
            <button className="primary" disabled={!canAct} onClick={live.submit} title="Score the current state against the gold">Submit</button>
            <button disabled={!canAct} onClick={live.skip} title="End without a score">Skip</button>
            {s?.busy && <span className="muted">running…</span>}
          </div>
          <p className="muted" style={{ fontSize: 12 }}>
            Every command you run is one turn. Type <code>submit</code> at the prompt or press Submit when the file system and your last output answer the task.
          </p>
          {episode && !episode.token && !ended && <p className="warn">You are watching this episode; only its player can type.</p>}
          {(startError || live.error) && <div className="error-box" data-testid="play-error">{startError ?? live.error}</div>}
          {!sandbox.driver && <div className="error-box" data-testid="play-error">This task cannot be played here: {sandbox.reason}</div>}
          {live.result && <ResultPanel result={live.result} episodeId={episode!.id} />}
          {ended && episode && <p><Link href={`/episodes/${episode.id}`}>Open the replay →</Link></p>}
        </aside>
        <section>
          <div style={{ display: "flex", justifyContent: "space-between", marginBottom: 6 }} className="muted">
            <span>{live.connected ? "connected" : episode ? "connecting…" : "starting a sandbox…"}</span>
            <span>{live.steps.length ? `last: ${live.steps[live.steps.length - 1].action.slice(0, 60)}` : ""}</span>
          </div>
          <div ref={box} data-testid="terminal" style={{ height: "calc(100vh - 140px)", minHeight: 360, background: "#0b0d11", borderRadius: 8, padding: 6, border: "1px solid var(--border)" }} />
        </section>
      </div>
    </main>
  );
}
