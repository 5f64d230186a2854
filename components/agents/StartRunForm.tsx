"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { LlmChoices } from "@/lib/agents/runs/runPageData";

const POLICIES = [
  { value: "try-again", label: "Try Again" },
  { value: "react", label: "ReAct" },
  { value: "plan-solve", label: "Plan & Solve" },
  { value: "single-turn", label: "Single Turn" },
  { value: "gold", label: "Gold (plays the task's gold)" },
  { value: "scripted", label: "Scripted (a list of actions)" },
  { value: "best-of-n", label: "Best-of-N (Python: N candidates a turn, the public tests choose)" },
];
const LLM = new Set(["try-again", "react", "plan-solve", "single-turn", "best-of-n"]);
/** The environments agents play live, each with a first selection of its tasks. */
const ENVS = [
  { value: "bash", tasks: "fs1" },
  { value: "sql", tasks: "spider:0-9" },
  { value: "python", tasks: "mbpp:0-9" },
  { value: "ctf", tasks: "ctf:0-9" },
];

/** Start a batch run: POST /api/agent-runs, then open its page. */
export function StartRunForm({ llm }: { llm: LlmChoices }) {
  const router = useRouter();
  const [policy, setPolicy] = useState("try-again");
  const [env, setEnv] = useState("bash");
  const [endpointName, setEndpointName] = useState(llm.endpoints[0]?.name ?? "");
  const endpoint = llm.endpoints.find((e) => e.name === endpointName);
  const noEndpoint = LLM.has(policy) && !endpoint;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const num = (k: string) => (f.get(k) === "" || f.get(k) === null ? undefined : Number(f.get(k)));
    const str = (k: string) => String(f.get(k) ?? "").trim() || undefined;
    const body: Record<string, unknown> = {
      policy,
      tasks: str("tasks"),
      turnLimit: num("turnLimit"),
      concurrency: num("concurrency"),
      timeoutMs: num("timeout") === undefined ? undefined : num("timeout")! * 1000,
      name: str("name"),
      execution: str("execution"),
      env,
    };
    if (LLM.has(policy)) {
      body.model = str("model");
      body.llm = { endpoint: endpointName, temperature: num("temperature"), maxTokens: num("maxTokens") };
    }
    if (policy === "best-of-n") body.n = num("n");
    if (policy === "scripted")
      body.actions = String(f.get("actions") ?? "")
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean);
    setBusy(true);
    setError(null);
    try {
      const res = await fetch("/api/agent-runs", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
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
      <h2 id="start-h" style={{ marginTop: 0 }}>
        Start a batch run
      </h2>
      <div className="toolbar">
        <label>
          Environment{" "}
          <select name="env" value={env} onChange={(e) => setEnv(e.target.value)} aria-label="Environment">
            {ENVS.map((e) => (
              <option key={e.value} value={e.value}>
                {e.value}
              </option>
            ))}
          </select>
        </label>
        {/* Best-of-N ranks candidates by the public tests, which only Python tasks have. */}
        <label>
          Policy{" "}
          <select
            name="policy"
            value={policy}
            onChange={(e) => {
              setPolicy(e.target.value);
              if (e.target.value === "best-of-n") setEnv("python");
            }}
            aria-label="Policy"
          >
            {POLICIES.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Tasks{" "}
          <input
            key={env}
            name="tasks"
            defaultValue={ENVS.find((e) => e.value === env)?.tasks}
            aria-label="Tasks"
            title="all, fs1…fs4, test, spider:0-19, mbpp:0-9, a dataset's name, task ids — comma-separated"
            style={{ width: 160 }}
          />
        </label>
        {policy === "best-of-n" && (
          <label title="candidate snippets asked of the model each turn; each runs on the public tests in a scratch sandbox, the best is executed">
            Candidates (N){" "}
            <input name="n" type="number" min={1} max={32} defaultValue={4} aria-label="Candidates" style={{ width: 60 }} />
          </label>
        )}
        <label>
          Turns{" "}
          <input
            name="turnLimit"
            type="number"
            min={1}
            max={100}
            defaultValue={10}
            aria-label="Turn limit"
            style={{ width: 70 }}
          />
        </label>
        <label>
          Concurrency{" "}
          <input
            name="concurrency"
            type="number"
            min={1}
            max={32}
            defaultValue={4}
            aria-label="Concurrency"
            style={{ width: 70 }}
          />
        </label>
        <label>
          Timeout (s){" "}
          <input
            name="timeout"
            type="number"
            min={0.1}
            max={600}
            step={0.1}
            defaultValue={10}
            aria-label="Timeout"
            style={{ width: 70 }}
          />
        </label>
        <label title="terminal: typed into the live shell, as a person types; intercode: each action a bash -c as root, as InterCode ran it (comparable with the paper)">
          Execution{" "}
          <select name="execution" defaultValue="terminal" aria-label="Execution">
            <option value="terminal">terminal</option>
            <option value="intercode">intercode</option>
          </select>
        </label>
        <label>
          Name <input name="name" placeholder="(automatic)" aria-label="Run name" style={{ width: 200 }} />
        </label>
      </div>
      {LLM.has(policy) && !llm.endpoints.length && (
        <div className="error-box" style={{ marginBottom: 10 }} data-testid="no-llm-endpoint">
          No LLM endpoint is configured on this server, so LLM policies cannot run. Its operator sets PLATEAU_LLM_BASE_URL (and
          PLATEAU_LLM_API_KEY) or PLATEAU_LLM_ENDPOINTS, then restarts Plateau.
          {llm.error && <> The configuration has a problem: {llm.error}</>}
        </div>
      )}
      {LLM.has(policy) && llm.endpoints.length > 0 && llm.error && (
        <div className="error-box" style={{ marginBottom: 10 }}>
          Some endpoints are left out, their configuration has a problem: {llm.error}
        </div>
      )}
      {LLM.has(policy) && endpoint && (
        <div className="toolbar">
          <label>
            Endpoint{" "}
            <select name="endpoint" value={endpointName} onChange={(e) => setEndpointName(e.target.value)} aria-label="Endpoint">
              {llm.endpoints.map((e) => (
                <option key={e.name} value={e.name}>
                  {e.name} — {e.baseUrl}
                </option>
              ))}
            </select>
          </label>
          {endpoint.models ? (
            <label>
              Model{" "}
              <select key={endpoint.name} name="model" defaultValue={endpoint.models[0]} aria-label="Model">
                {endpoint.models.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <label>
              Model{" "}
              <input
                key={endpoint.name}
                name="model"
                defaultValue={llm.defaultModel ?? ""}
                placeholder="model name"
                aria-label="Model"
                style={{ width: 200 }}
              />
            </label>
          )}
          {/* Best-of-N samples: at temperature 0 its N candidates would be one candidate N times. */}
          <label>
            Temperature{" "}
            <input
              key={policy === "best-of-n" ? "sampled" : "greedy"}
              name="temperature"
              type="number"
              min={0}
              max={2}
              step={0.1}
              defaultValue={policy === "best-of-n" ? 0.8 : 0}
              aria-label="Temperature"
              style={{ width: 70 }}
            />
          </label>
          <label>
            Max tokens{" "}
            <input
              name="maxTokens"
              type="number"
              min={1}
              max={32768}
              defaultValue={512}
              aria-label="Max tokens"
              style={{ width: 80 }}
            />
          </label>
          <span className="muted" style={{ fontSize: 12 }}>
            The server&apos;s configured OpenAI-compatible endpoints (vLLM, Ollama, OpenAI); their keys stay on the server.
          </span>
        </div>
      )}
      {policy === "scripted" && (
        <label style={{ display: "block", marginBottom: 10 }}>
          Actions, one per line
          <textarea
            name="actions"
            rows={4}
            defaultValue={"ls\nsubmit"}
            aria-label="Actions"
            style={{ display: "block", width: "100%", fontFamily: "var(--mono)" }}
          />
        </label>
      )}
      <div className="toolbar">
        <button type="submit" className="primary" disabled={busy || noEndpoint}>
          {busy ? "Starting…" : "Start run"}
        </button>
        {error && (
          <span className="bad" role="alert" data-testid="start-run-error">
            {error}
          </span>
        )}
      </div>
    </form>
  );
}
