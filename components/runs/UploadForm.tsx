"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { formatCount } from "@/lib/stats/formatNumber";

interface Result {
  runs?: { name: string; episodes: number; created: boolean }[];
  skipped?: { message: string }[];
  rejected?: { error: string }[];
  error?: string;
}

/** Upload InterCode logs: the same import as `npx plateau import`, through POST /api/imports. */
export function UploadForm() {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    if (!(data.getAll("file") as File[]).some((f) => f.size > 0)) {
      setResult({ error: "Choose one or more InterCode log files (.json) first." });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const res = await fetch("/api/imports", { method: "POST", body: data });
      const body = (await res.json().catch(() => ({ error: `the server answered ${res.status}` }))) as Result;
      setResult(body);
      if (res.status === 201) {
        form.current?.reset();
        router.refresh();
      }
    } catch (err) {
      setResult({ error: `The upload failed: ${(err as Error).message}` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form} onSubmit={submit} className="panel" aria-labelledby="upload-h" data-testid="upload-form">
      <h2 id="upload-h" style={{ marginTop: 0 }}>
        Import logs
      </h2>
      <p className="muted" style={{ marginTop: 0, fontSize: 13 }}>
        InterCode experiment logs (Try Again, ReAct, Plan &amp; Solve, the {"{meta, logs}"} form) and trajectory logs. Each file
        becomes a run named after it; a run name puts all the files in one run. Model, strategy and turn limit are read from the
        file name and content. Large or many files: <code>npx plateau import FILE…</code>
      </p>
      <div className="toolbar">
        <input type="file" name="file" accept=".json,application/json" multiple aria-label="Log files" required />
        <input name="run" placeholder="Run name (optional: merges the files)" aria-label="Run name" style={{ minWidth: 260 }} />
        <input name="model" placeholder="Model (optional)" aria-label="Model" />
        <input name="strategy" placeholder="Strategy (optional)" aria-label="Strategy" />
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Importing…" : "Import"}
        </button>
      </div>
      <div aria-live="polite" data-testid="upload-result">
        {result?.runs?.map((r) => (
          <p key={r.name} className="ok" style={{ margin: "4px 0" }}>
            Imported {formatCount(r.episodes, "episode")} into run <strong>{r.name}</strong>
            {r.created ? "" : " (added to it)"}.
          </p>
        ))}
        {result?.skipped?.map((s) => (
          <p key={s.message} className="muted" style={{ margin: "4px 0" }}>
            {s.message}
          </p>
        ))}
        {result?.rejected?.length || (result?.error && !result.rejected) ? (
          <div className="error-box" role="alert">
            {result.rejected?.length ? result.rejected.map((r) => <div key={r.error}>Refused {r.error}</div>) : result.error}
            {result.rejected?.length ? (
              <div className="muted" style={{ marginTop: 4 }}>
                Nothing of a refused file was stored.
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </form>
  );
}
