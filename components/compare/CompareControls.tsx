"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { GROUP_KEYS, GROUP_LABELS, SCORE_MODE_LABELS, SCORE_MODES, WITH_SETTING, type GroupKey } from "@/lib/stats/groupKeys";
import type { StatsQuery } from "@/lib/stats/statsQuery";
import type { RunSummary } from "@/lib/stats/listRuns";
import type { CommonGround } from "@/lib/stats/loadCompare";
import { ENVIRONMENTS } from "@/lib/environments/types";
import { formatCount, formatInteger } from "@/lib/stats/formatNumber";

/** What the picker shows of a run (the page's payload carries no more). */
export type PickerRun = Pick<RunSummary, "id" | "name" | "kind" | "environment" | "execution" | "episodes">;

interface Props {
  runs: PickerRun[];
  query: StatsQuery;
  commonGround: CommonGround | null;
  /** The page's current search params: the selection lives in the URL. */
  params: string;
}

/** Which runs, grouped how, split how: every change is a new URL (so it can be shared and goes back). */
export function CompareControls({ runs, query, commonGround, params }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  // The picked runs change at once (the checkbox answers the click); the URL and the data follow.
  const fromUrl = (query.runs ?? []).join("\u0000");
  const [picked, setPicked] = useState(query.runs ?? []);
  useEffect(() => setPicked(fromUrl ? fromUrl.split("\u0000") : []), [fromUrl]);
  const selected = new Set(picked);
  const visible = query.env ? runs.filter((r) => r.environment === query.env || selected.has(r.name)) : runs;

  const go = (change: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v === null || v === "") p.delete(k);
      else p.set(k, v);
    }
    startTransition(() => router.push(`/compare${p.size ? `?${p}` : ""}`, { scroll: false }));
  };
  const toggle = (name: string, on: boolean) => {
    // In the order picked: a group keeps its colour as others are added.
    const next = on ? [...picked.filter((n) => n !== name), name] : picked.filter((n) => n !== name);
    setPicked(next);
    go({ runs: next.join(",") || null });
  };
  const splitValue = new URLSearchParams(params).get("split") ?? "";

  return (
    <div className="panel compare-controls" aria-busy={pending}>
      <div className="toolbar">
        <label>
          Group by{" "}
          <select
            value={query.group.join(",")}
            onChange={(e) => go({ group: e.target.value === "run" ? null : e.target.value })}
            aria-label="Group by"
          >
            {GROUP_KEYS.map((k) => (
              <option key={k} value={groupingOf(k).join(",")}>
                {groupLabel(groupingOf(k))}
              </option>
            ))}
            {query.group.length > 1 && !GROUP_KEYS.some((k) => groupingOf(k).join(",") === query.group.join(",")) && (
              <option value={query.group.join(",")}>{groupLabel(query.group)}</option>
            )}
          </select>
        </label>
        <label>
          Split by{" "}
          <select value={splitValue} onChange={(e) => go({ split: e.target.value || null })} aria-label="Split by">
            <option value="">automatic</option>
            <option value="none">no split</option>
            {GROUP_KEYS.filter((k) => !query.group.includes(k)).map((k) => (
              <option key={k} value={k}>
                {GROUP_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Environment{" "}
          <select value={query.env ?? ""} onChange={(e) => go({ env: e.target.value || null })} aria-label="Environment">
            <option value="">all</option>
            {ENVIRONMENTS.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </label>
        <label>
          Score{" "}
          <select
            value={query.mode}
            onChange={(e) => go({ mode: e.target.value === "intercode" ? null : e.target.value })}
            aria-label="Score mode"
          >
            {SCORE_MODES.map((m) => (
              <option key={m} value={m}>
                {SCORE_MODE_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
        <label className="compare-check" title="Count only the tasks that every group attempted (e.g. a study beside agent runs)">
          <input
            type="checkbox"
            checked={!!query.common}
            onChange={(e) => go({ common: e.target.checked ? "1" : "0" })}
            data-testid="common-ground"
          />{" "}
          only tasks every group attempted
        </label>
        {pending && (
          <span className="muted" role="status">
            Updating…
          </span>
        )}
      </div>
      {commonGround && commonGround.groups > 1 && <CommonGroundNote c={commonGround} />}
      {/* min-width 0: a fieldset is otherwise as wide as its longest run name, past its column. */}
      <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <legend className="muted" style={{ fontSize: 12, marginBottom: 6 }}>
          Runs {query.group[0] === "run" ? "(pick two or more to compare)" : "(none picked: every episode counts)"}
          {selected.size > 0 && (
            <>
              {" "}
              ·{" "}
              <button
                type="button"
                onClick={() => {
                  setPicked([]);
                  go({ runs: null });
                }}
                style={{ padding: "0 6px" }}
              >
                clear
              </button>
            </>
          )}
        </legend>
        <div className="run-picker" data-testid="run-picker">
          {visible.map((r) => (
            <label key={r.id} title={r.name}>
              <input type="checkbox" checked={selected.has(r.name)} onChange={(e) => toggle(r.name, e.target.checked)} />
              <span className="run-picker-name">{r.name}</span>
              {r.environment && <span className="tag">{r.environment}</span>}
              {r.kind === "agent" && r.execution === "intercode" && (
                <span className="tag" title="actions run as InterCode ran them">
                  intercode execution
                </span>
              )}
              <span className="muted" style={{ fontSize: 12 }}>
                {r.episodes}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** The grouping the Group-by menu means by a key: a model or a strategy stays apart by environment and turn limit. */
function groupingOf(k: GroupKey): GroupKey[] {
  return WITH_SETTING[k] ?? [k];
}

function groupLabel(keys: GroupKey[]): string {
  const [first, ...rest] = keys;
  return rest.length
    ? `${GROUP_LABELS[first]} (per ${rest.map((k) => GROUP_LABELS[k].toLowerCase()).join(" and ")})`
    : GROUP_LABELS[first];
}

/** Whether the groups are compared on the same tasks, in numbers. */
function CommonGroundNote({ c }: { c: CommonGround }) {
  const text =
    c.common === c.tasks
      ? `Every group attempted the same ${formatCount(c.tasks, "task")}.`
      : c.applied
        ? `Counting only the ${formatCount(c.common, "task")} all ${c.groups} groups attempted (of ${formatInteger(c.tasks)} attempted by any)${c.auto ? ", since the groups attempted different tasks" : ""}.`
        : c.common === 0
          ? `The ${c.groups} groups have no task in common: each counts its own tasks.`
          : `The groups attempted different tasks: ${formatInteger(c.common)} of ${formatInteger(c.tasks)} are common to all ${c.groups}. Each group counts its own tasks.`;
  return (
    <p
      className={c.applied || c.common === c.tasks ? "muted" : "warn"}
      style={{ fontSize: 12, margin: "0 0 8px" }}
      data-testid="common-ground-note"
    >
      {text}
    </p>
  );
}
