"use client";
import Link from "next/link";
import type { RunSummary } from "@/lib/stats/listRuns";
import { RunActions } from "./RunActions";

const when = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace("T", " ");

/** Every run with a box to tick for Compare, and its rename and delete. */
export function RunTable({ runs }: { runs: RunSummary[] }) {
  return (
    <>
      {runs.length === 0 ? (
        <p className="muted" data-testid="runs-empty">
          No runs yet: import logs with <code>npx plateau import FILE…</code> or upload them here.
        </p>
      ) : (
        <form method="get" action="/compare" style={{ margin: "20px 0" }}>
          <div className="toolbar" style={{ marginBottom: 10 }}>
            <button type="submit">Compare selected</button>
            <span className="muted">tick two or more runs below</span>
          </div>
          <table data-testid="runs-table">
            <thead>
              <tr>
                <th aria-label="Select" />
                <th>Name</th>
                <th>Kind</th>
                <th>Env</th>
                <th>Model</th>
                <th>Strategy</th>
                <th title="terminal: typed into the live shell; intercode: run as InterCode ran it">Execution</th>
                <th className="num">Turn limit</th>
                <th className="num">Episodes</th>
                <th>Created (UTC)</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.id} data-testid="run-row">
                  <td>
                    <input type="checkbox" name="runs" value={r.name} aria-label={`Select ${r.name}`} />
                  </td>
                  <td>
                    <Link href={`/compare?runs=${encodeURIComponent(r.name)}`}>{r.name}</Link>
                    {r.files > 1 && <span className="muted"> · {r.files} files</span>}
                  </td>
                  <td>
                    <span className="tag">{r.kind}</span>
                    {r.kind === "agent" && r.status !== "done" && (
                      <>
                        {" "}
                        <span className="tag">{r.status}</span>
                      </>
                    )}
                  </td>
                  <td>{r.environment ?? <span className="muted">mixed</span>}</td>
                  <td>{r.model ?? <span className="muted">—</span>}</td>
                  <td>{r.strategy ?? <span className="muted">—</span>}</td>
                  <td>{r.execution}</td>
                  <td className="num">{r.turnLimit ?? "—"}</td>
                  <td className="num">{r.episodes}</td>
                  <td className="muted">{when(r.createdAt)}</td>
                  <td>
                    <RunActions id={r.id} name={r.name} episodes={r.episodes} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </form>
      )}
    </>
  );
}
