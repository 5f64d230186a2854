"use client";
import { useState } from "react";

/** A new study: its tasks (as batch runs take them: fs1:0-2, fs1, ids), the rules, the texts. */
export function CreateStudyForm({ picked }: { picked: { env: string; tasks: string } | null }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const num = (k: string) => (String(f.get(k) ?? "").trim() === "" ? null : Number(f.get(k)));
    setBusy(true);
    setError(null);
    const res = await fetch("/api/studies", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: f.get("name"),
        tasks: f.get("tasks"),
        env: picked?.env ?? "bash",
        sample: num("sample"),
        stratify: String(f.get("stratify") ?? "") || null,
        perParticipant: num("perParticipant"),
        order: f.get("order"),
        seed: num("seed") ?? 1,
        turnLimit: num("turnLimit") ?? 10,
        timeLimitSec: num("timeLimitSec"),
        timerRule: f.get("timerRule"),
        showReward: f.get("showReward") === "on",
        practiceTask: String(f.get("practiceTask") ?? "").trim() || null,
        instructions: f.get("instructions"),
        consent: f.get("consent"),
        description: f.get("description"),
      }),
    }).catch(() => null);
    setBusy(false);
    const body = (await res?.json().catch(() => null)) as { id?: string; error?: string } | null;
    if (res?.status === 201 && body?.id) return window.location.assign(`/studies/${body.id}`);
    setError(body?.error ?? "the server does not answer");
  };
  return (
    <form onSubmit={submit} className="panel form-grid">
      <label>
        Name <input name="name" required maxLength={120} />
      </label>
      <label>
        Tasks ({picked?.env ?? "bash"}) <input name="tasks" required placeholder="fs1:0-2" defaultValue={picked?.tasks} />
      </label>
      <label>
        Random sample of (tasks) <input name="sample" type="number" min={1} placeholder="all selected" />
      </label>
      <label>
        Sample stratified by
        <select name="stratify" defaultValue="fs">
          <option value="">nothing</option>
          <option value="fs">Bash file system</option>
          <option value="hardness">SQL hardness</option>
          <option value="environment">environment</option>
        </select>
      </label>
      <label>
        Tasks per participant <input name="perParticipant" type="number" min={1} placeholder="all" />
      </label>
      <label>
        Order
        <select name="order" defaultValue="fixed">
          <option value="fixed">fixed</option>
          <option value="random">random per participant (seeded)</option>
          <option value="latin">counterbalanced (Latin square)</option>
        </select>
      </label>
      <label>
        Seed <input name="seed" type="number" min={0} defaultValue={1} />
      </label>
      <label>
        Turn limit <input name="turnLimit" type="number" min={1} max={100} defaultValue={10} />
      </label>
      <label>
        Time limit per task (s) <input name="timeLimitSec" type="number" min={10} placeholder="none" />
      </label>
      <label>
        The clock
        <select name="timerRule" defaultValue="wall">
          <option value="wall">runs while the participant is away</option>
          <option value="connected">pauses while the participant is away</option>
        </select>
      </label>
      <label>
        Practice task <input name="practiceTask" placeholder="none, or e.g. fs1:59" />
      </label>
      <label className="form-check">
        <input name="showReward" type="checkbox" /> show the reward after submit
      </label>
      <label style={{ gridColumn: "1 / -1" }}>
        Description <input name="description" />
      </label>
      <label style={{ gridColumn: "1 / -1" }}>
        Instructions (Markdown) <textarea name="instructions" rows={3} />
      </label>
      <label style={{ gridColumn: "1 / -1" }}>
        Consent (Markdown; empty: none) <textarea name="consent" rows={3} />
      </label>
      <div style={{ gridColumn: "1 / -1" }}>
        <button className="primary" type="submit" disabled={busy}>
          Create study
        </button>
        {error && (
          <div className="error-box" data-testid="study-error">
            {error}
          </div>
        )}
      </div>
    </form>
  );
}
