"use client";
import Link from "next/link";
import type { RunRow } from "@/lib/agents/runs/runPageData";
import { useRunProgress } from "./useRunProgress";
import { ProgressBar } from "./ProgressBar";

const when = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace("T", " ");

/** Agent runs with live progress bars. */
export function RunsTable({ runs }: { runs: RunRow[] }) {
  const live = useRunProgress(null, runs);
  if (runs.length === 0)
    return (
      <p className="muted" data-testid="agent-runs-empty">
        No agent runs yet.
      </p>
    );
  return (
    <table data-testid="agent-runs-table">
      <thead>
        <tr>
          <th>Name</th>
          <th>Policy</th>
          <th>Model</th>
          <th>Status</th>
          <th>Progress</th>
          <th className="num">Solved</th>
          <th className="num">Errors</th>
          <th>Started (UTC)</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((r) => {
          const p = live.get(r.runId) ?? r;
          return (
            <tr key={r.runId} data-testid="agent-run-row">
              <td>
                <Link href={`/agent-runs/${r.runId}`}>{r.name}</Link>
              </td>
              <td>{r.strategy}</td>
              <td>{r.model ?? <span className="muted">—</span>}</td>
              <td>
                <span className="tag">{p.status}</span>
              </td>
              <td>
                <ProgressBar p={p} compact />
              </td>
              <td className="num">{p.succeeded}</td>
              <td className="num">{p.errors}</td>
              <td className="muted">{when(r.createdAt)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
