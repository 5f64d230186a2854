"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";

const POLICIES = [
  { value: "try-again", label: "Try Again" },
  { value: "react", label: "ReAct" },
  { value: "plan-solve", label: "Plan & Solve" },
  { value: "single-turn", label: "Single Turn" },
  { value: "gold", label: "Gold (plays the task's gold)" },
  { value: "scripted", label: "Scripted (a list of actions)" },
];
const LLM = new Set(["try-again", "react", "plan-solve", "single-turn"]);

/** Start a batch run: POST /api/agent-runs, then open its page. */
export function StartRunForm({ defaults }: { defaults: { baseUrl: string | null; model: string | null } }) {
  const router = useRouter();
  const [policy, setPolicy] = useState("try-again");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const num = (k: string) => (f.get(k) === "" || f.get(k) === null ? undefined : Number(f.get(k)));
    const str = (k: string) => (String(f.get(k) ?? "").trim() || undefined);
    const body: Record<string, unknown> = {
      policy, tasks: str("tasks"), turnLimit: num("turnLimit"), concurrency: num("concurrency"), timeoutMs: num("timeout") === undefined ? undefined : num("timeout")! * 1000, name: str("name"),
    };
    if (LLM.has(policy)) {
      body.model = str("model");
      body.llm = { baseUrl: str("baseUrl"), temperature: num("temperature"), maxTokens: num("maxTokens") };
    }
    if (policy === "scripted") body.actions = String(f.get("actions") ?? "").split("\n").map((l) => l.trim()).filter(Boolean);
    setBusy(true);
    setError(null);
    try {
      const res = await fetch("/api/agent-runs", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const out = await res.json().catch(() => ({ error: `the server answered ${res.status}` }));
      if (!res.ok) return setError(out.error ?? `the server answered ${res.status}`);
      router.push(`/agent-runs/${out.runId}`);
    } catch (err) {
      setError(`Could not start the run: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="panel" aria-labelledby="start-h" data-testid="start-run-form">
      <h2 id="start-h" style={{ marginTop: 0 }}>Start a batch run</h2>
      <div className="toolbar">
        <label>Policy <select name="policy" value={policy} onChange={(e) => setPolicy(e.target.value)} aria-label="Policy">{POLICIES.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}</select></label>
        <label>Tasks <input name="tasks" defaultValue="fs1" aria-label="Tasks" title="all, fs1…fs4, test, fs1:0-9, task ids — comma-separated" style={{ width: 160 }} /></label>
        <label>Turns <input name="turnLimit" type="number" min={1} max={100} defaultValue={10} aria-label="Turn limit" style={{ width: 70 }} /></label>
        <label>Concurrency <input name="concurrency" type="number" min={1} max={32} defaultValue={4} aria-label="Concurrency" style={{ width: 70 }} /></label>
        <label>Timeout (s) <input name="timeout" type="number" min={0.1} max={600} step={0.1} defaultValue={10} aria-label="Timeout" style={{ width: 70 }} /></label>
        <label>Name <input name="name" placeholder="(automatic)" aria-label="Run name" style={{ width: 200 }} /></label>
      </div>
      {LLM.has(policy) && (
        <div className="toolbar">
          <label>Endpoint <input name="baseUrl" defaultValue={defaults.baseUrl ?? ""} placeholder="http://127.0.0.1:8000/v1" aria-label="Endpoint" style={{ width: 260 }} /></label>
          <label>Model <input name="model" defaultValue={defaults.model ?? ""} placeholder="model name" aria-label="Model" style={{ width: 200 }} /></label>
          <label>Temperature <input name="temperature" type="number" min={0} max={2} step={0.1} defaultValue={0} aria-label="Temperature" style={{ width: 70 }} /></label>
          <label>Max tokens <input name="maxTokens" type="number" min={1} max={32768} defaultValue={512} aria-label="Max tokens" style={{ width: 80 }} /></label>
          <span className="muted" style={{ fontSize: 12 }}>Any OpenAI-compatible chat endpoint (vLLM, Ollama, OpenAI). The API key is the server&apos;s PLATEAU_LLM_API_KEY or OPENAI_API_KEY.</span>
        </div>
      )}
      {policy === "scripted" && (
        <label style={{ display: "block", marginBottom: 10 }}>
          Actions, one per line
          <textarea name="actions" rows={4} defaultValue={"ls\nsubmit"} aria-label="Actions" style={{ display: "block", width: "100%", fontFamily: "var(--mono)" }} />
        </label>
      )}
      <div className="toolbar">
        <button type="submit" className="primary" disabled={busy}>{busy ? "Starting…" : "Start run"}</button>
        {error && <span className="bad" role="alert" data-testid="start-run-error">{error}</span>}
      </div>
    </form>
  );
}
