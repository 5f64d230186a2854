"use client";
import { forwardRef } from "react";
import s from "./replay.module.css";

interface Props {
  query: string;
  onQuery(q: string): void;
  /** Index of the match shown, and how many there are. */
  current: number | null;
  total: number;
  onStep(direction: 1 | -1): void;
  /** Outputs still loading: only actions and thoughts are searched so far. */
  partial?: boolean;
}

/** Search inside the episode: Enter for the next match, Shift+Enter for the previous, Esc to leave. */
export const SearchBox = forwardRef<HTMLInputElement, Props>(function SearchBox(
  { query, onQuery, current, total, onStep, partial },
  ref,
) {
  return (
    <div className={s.search}>
      <input
        ref={ref}
        type="search"
        placeholder="Search steps ( / )"
        title="Search the actions, thoughts and outputs of this episode ( / )"
        aria-label="Search in episode"
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            onStep(e.shiftKey ? -1 : 1);
          } else if (e.key === "Escape") e.currentTarget.blur();
        }}
      />
      <span className="muted" style={{ fontSize: 12, minWidth: 64 }} data-testid="search-count">
        {query.trim() ? (total ? `${current === null ? "–" : current + 1} / ${total}` : partial ? "searching…" : "no match") : ""}
      </span>
      <button type="button" aria-label="Previous match" disabled={!total} onClick={() => onStep(-1)}>
        ↑
      </button>
      <button type="button" aria-label="Next match" disabled={!total} onClick={() => onStep(1)}>
        ↓
      </button>
    </div>
  );
});
