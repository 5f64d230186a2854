"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { formatCount } from "@/lib/stats/formatNumber";

/** Rename and Delete for one run; deleting asks first, saying how many episodes go with it. */
export function RunActions({ id, name, episodes }: { id: string; name: string; episodes: number }) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const send = async (init: RequestInit) => {
    setError(null);
    const res = await fetch(`/api/runs/${encodeURIComponent(id)}`, { ...init, headers: { "content-type": "application/json" } });
    if (!res.ok) {
      setError((await res.json().catch(() => ({}))).error ?? `the server answered ${res.status}`);
      return false;
    }
    router.refresh();
    return true;
  };
  const rename = async (e: React.FormEvent) => {
    e.preventDefault();
    if (await send({ method: "PATCH", body: JSON.stringify({ name: draft }) })) setEditing(false);
  };
  const remove = async () => {
    if (window.confirm(`Delete run ${name} and its ${formatCount(episodes, "episode")}? This cannot be undone.`))
      await send({ method: "DELETE" });
  };
  return (
    <span style={{ display: "inline-flex", gap: 6, alignItems: "center", flexWrap: "wrap" }}>
      {editing ? (
        <span style={{ display: "inline-flex", gap: 6 }}>
          <input
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            aria-label={`New name of ${name}`}
            autoFocus
            maxLength={200}
            onKeyDown={(e) => e.key === "Enter" && void rename(e)}
          />
          <button type="button" className="primary" onClick={(e) => void rename(e)}>
            Save
          </button>
          <button
            type="button"
            onClick={() => {
              setEditing(false);
              setDraft(name);
            }}
          >
            Cancel
          </button>
        </span>
      ) : (
        <>
          <button
            type="button"
            onClick={() => setEditing(true)}
            aria-label={`Rename ${name}`}
            style={{ padding: "2px 8px", fontSize: 12 }}
          >
            Rename
          </button>
          <button
            type="button"
            onClick={() => void remove()}
            aria-label={`Delete ${name}`}
            style={{ padding: "2px 8px", fontSize: 12 }}
          >
            Delete
          </button>
        </>
      )}
      {error && (
        <span className="bad" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
