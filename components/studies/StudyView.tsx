"use client";
import { useEffect, useState } from "react";
import Link from "next/link";
import type { StudyMonitor } from "@/lib/studies/monitor";
import { formatCount } from "@/lib/stats/formatNumber";

interface Study {
  id: string;
  name: string;
  description: string;
  tasks: number;
  perParticipant: number | null;
  order: string;
  turnLimit: number;
  timeLimitSec: number | null;
  timerRule: string;
  showReward: boolean;
  practice: boolean;
}

const POLL_MS = 2000;

/**
 * A study for its researcher: rules, invite links, the live participants table (Watch, End), exports.
 * The participants and the invites' "used" counts follow the monitor, polled and fetched again after
 * each change made here.
 */
export function StudyView({ study, initial }: { study: Study; initial: StudyMonitor }) {
  const [monitor, setMonitor] = useState(initial);
  const [newLink, setNewLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refreshes, setRefreshes] = useState(0);
  const refresh = () => setRefreshes((n) => n + 1);

  useEffect(() => {
    let stop = false;
    const tick = async () => {
      const res = await fetch(`/api/studies/${study.id}/monitor`).catch(() => null);
      if (!stop && res?.ok) setMonitor(await res.json());
    };
    if (refreshes > 0) void tick();
    const t = setInterval(tick, POLL_MS);
    return () => {
      stop = true;
      clearInterval(t);
    };
  }, [study.id, refreshes]);
  const invites = monitor.invites;

  const invite = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const res = await fetch(`/api/studies/${study.id}/invites`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        label: f.get("label"),
        maxUses: Number(f.get("maxUses") || 1),
        expiresInHours: f.get("expiresInHours") ? Number(f.get("expiresInHours")) : null,
      }),
    });
    const body = await res.json();
    if (!res.ok) return setError(body.error);
    setNewLink(body.link);
    refresh();
  };
  const revoke = async (id: string) => {
    if ((await fetch(`/api/studies/${study.id}/invites/${id}`, { method: "DELETE" })).ok) refresh();
  };
  const end = async (participantId: string) => {
    await fetch(`/api/studies/${study.id}/participants/${participantId}/end`, { method: "POST" });
  };

  return (
    <main style={{ maxWidth: "none" }}>
      <h1>{study.name}</h1>
      <p className="muted">
        {formatCount(study.tasks, "task")}, {study.perParticipant ?? "all"} per participant, order {study.order}; turn limit{" "}
        {study.turnLimit}
        {study.timeLimitSec
          ? `, ${study.timeLimitSec} s per task (${study.timerRule === "connected" ? "paused while away" : "wall clock"})`
          : ", no time limit"}
        ; reward {study.showReward ? "shown" : "hidden"} after submit{study.practice ? "; a practice task first" : ""}.
      </p>
      <p data-testid="study-progress">
        <strong>{monitor.done}</strong> of {formatCount(monitor.planned, "episode")} done ·{" "}
        {formatCount(monitor.participants.length, "participant")}
      </p>

      <h2>Participants</h2>
      {monitor.participants.length === 0 ? (
        <p className="muted">Nobody has joined yet.</p>
      ) : (
        <table data-testid="monitor">
          <thead>
            <tr>
              <th>Pseudonym</th>
              <th>Status</th>
              <th>Tasks done</th>
              <th>Current</th>
              <th>Turn</th>
              <th>Elapsed</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            {monitor.participants.map((p) => (
              <tr key={p.participantId} data-testid="monitor-row">
                <td>{p.pseudonym}</td>
                <td>{p.status}</td>
                <td>
                  {p.done} / {p.assigned}
                </td>
                <td>{p.current ? `task ${p.current.taskId}${p.current.practice ? " (practice)" : ""}` : "—"}</td>
                <td>{p.current ? `${p.current.turns}${p.current.turnLimit ? ` / ${p.current.turnLimit}` : ""}` : "—"}</td>
                <td>{p.current ? `${Math.round((Date.now() - Date.parse(p.current.startedAt)) / 1000)} s` : "—"}</td>
                <td>
                  {p.current && (
                    <Link href={`/play/${p.current.taskId}?episode=${p.current.episodeId}`} prefetch={false}>
                      Watch
                    </Link>
                  )}{" "}
                  {p.status !== "done" && p.status !== "ended" && <button onClick={() => end(p.participantId)}>End</button>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>Invite links</h2>
      <form onSubmit={invite} className="toolbar">
        <input name="label" placeholder="label (e.g. a person's name)" />
        <label>
          people <input name="maxUses" type="number" min={1} defaultValue={1} style={{ width: 70 }} />
        </label>
        <label>
          expires in (h) <input name="expiresInHours" type="number" min={1} placeholder="never" style={{ width: 90 }} />
        </label>
        <button type="submit" className="primary">
          Make a link
        </button>
      </form>
      {newLink && (
        <p>
          New link (shown once): <code data-testid="invite-link">{newLink}</code>
        </p>
      )}
      {error && <div className="error-box">{error}</div>}
      {invites.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>Label</th>
              <th>Used</th>
              <th>Expires</th>
              <th></th>
            </tr>
          </thead>
          <tbody>
            {invites.map((i) => (
              <tr key={i.id}>
                <td>{i.label || "—"}</td>
                <td data-testid="invite-uses">
                  {i.uses} / {i.maxUses}
                </td>
                <td>{i.expiresAt?.slice(0, 16).replace("T", " ") ?? "never"}</td>
                <td>
                  {i.revoked ? <span className="muted">withdrawn</span> : <button onClick={() => revoke(i.id)}>Withdraw</button>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>Export</h2>
      <p className="toolbar">
        <a href={`/api/studies/${study.id}/export?format=csv`}>CSV (an episode a row)</a>
        <a href={`/api/studies/${study.id}/export?format=jsonl`}>JSONL (with steps)</a>
        <a href={`/api/studies/${study.id}/export?format=intercode`}>
          InterCode log (for <code>npx plateau import</code>)
        </a>
        <a href={`/api/studies/${study.id}/export?format=casts`}>recordings (.cast files in a .tar)</a>
      </p>
    </main>
  );
}
