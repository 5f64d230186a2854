"use client";
import { useState } from "react";

/** The gold stays hidden until asked for, and is fetched only then. */
export function GoldReveal({ taskId }: { taskId: number }) {
  const [gold, setGold] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (gold !== null)
    return (
      <pre className="mono" style={{ fontSize: 12, maxWidth: 420 }} data-testid="gold">
        {gold}
      </pre>
    );
  return (
    <>
      <button
        type="button"
        style={{ fontSize: 12, padding: "2px 8px" }}
        onClick={async () => {
          const res = await fetch(`/api/tasks/${taskId}/gold`);
          if (res.ok) setGold((await res.json()).gold);
          else setError((await res.json().catch(() => ({ error: res.statusText }))).error);
        }}
      >
        show gold
      </button>
      {error && <span className="bad"> {error}</span>}
    </>
  );
}
