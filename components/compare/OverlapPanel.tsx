"use client";

import Link from "next/link";
import { useId, useState } from "react";
import type { OverlapPair } from "@/lib/stats/types";
import type { CompareData } from "@/lib/stats/loadCompare";
import { formatCount } from "@/lib/stats/formatNumber";

type Cell = "both" | "onlyA" | "onlyB" | "neither";

/** For every two groups: the tasks both attempted, split by who solved them; a count opens its task list. */
export function OverlapPanel({ pairs, tasks }: { pairs: OverlapPair[]; tasks: CompareData["tasks"] }) {
  return (
    <div style={{ display: "grid", gap: 12 }} data-testid="overlap">
      {pairs.map((p) => (
        <PairView key={`${p.a}\u0000${p.b}`} pair={p} tasks={tasks} />
      ))}
    </div>
  );
}

function PairView({ pair, tasks }: { pair: OverlapPair; tasks: CompareData["tasks"] }) {
  const [open, setOpen] = useState<Cell | null>(null);
  const listId = useId();
  const cells: { cell: Cell; label: string; cls: string }[] = [
    { cell: "both", label: "solved by both", cls: "ok" },
    { cell: "onlyA", label: `only ${pair.a}`, cls: "" },
    { cell: "onlyB", label: `only ${pair.b}`, cls: "" },
    { cell: "neither", label: "solved by neither", cls: "bad" },
  ];
  const ids = open ? pair[open] : [];
  return (
    <div className="panel" data-testid="overlap-pair">
      <div style={{ marginBottom: 8 }}>
        <strong>{pair.a}</strong> <span className="muted">vs</span> <strong>{pair.b}</strong>{" "}
        <span className="muted">— {formatCount(pair.tasks, "task")} both attempted</span>
      </div>
      <div className="toolbar" role="group" aria-label={`Solved tasks: ${pair.a} vs ${pair.b}`}>
        {cells.map((c) => (
          <button
            key={c.cell}
            type="button"
            aria-expanded={open === c.cell}
            aria-controls={listId}
            data-testid={`overlap-${c.cell}`}
            onClick={() => setOpen(open === c.cell ? null : c.cell)}
            className={open === c.cell ? "primary" : undefined}
          >
            <span className={open === c.cell ? undefined : c.cls}>{pair[c.cell].length}</span> {c.label}
          </button>
        ))}
      </div>
      {open && (
        <div id={listId} style={{ maxHeight: 320, overflow: "auto" }}>
          {ids.length === 0 ? (
            <p className="muted">No tasks.</p>
          ) : (
            <table>
              <tbody>
                {ids.map((id) => {
                  const t = tasks[id];
                  return (
                    <tr key={id}>
                      <td className="num muted" style={{ width: 70 }}>
                        {t ? `#${t.index}` : id}
                      </td>
                      <td style={{ width: 130 }} className="muted">
                        {t?.dataset}
                        {t?.hardness ? ` · ${t.hardness}` : ""}
                      </td>
                      <td>
                        <Link href={`/tasks/${id}`}>{t?.query ?? `task ${id}`}</Link>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </div>
      )}
    </div>
  );
}
