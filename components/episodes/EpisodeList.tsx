import { Suspense } from "react";
import Link from "next/link";
import { Pager } from "../layout/Pager";
import type { EpisodeFilter, EpisodeRow } from "@/lib/episodes/listEpisodes";
import { ENVIRONMENTS } from "@/lib/environments/types";
import { EPISODE_STATUSES } from "@/lib/episodes/episodeStatus";
import { formatCount } from "@/lib/stats/formatNumber";
import { EpisodeTable } from "./EpisodeTable";

type Result = { episodes: EpisodeRow[]; total: number };

interface Props {
  filter: EpisodeFilter;
  /** Streamed: the filters paint at once, the rows follow. */
  result: Promise<Result>;
  invalid?: string;
}

export function EpisodeList({ filter, result, invalid }: Props) {
  return (
    <main>
      <h1>Episodes</h1>
      {invalid && (
        <div className="error-box" style={{ marginBottom: 12 }}>
          Filter ignored: {invalid}
        </div>
      )}
      <form className="toolbar" method="get" action="/episodes">
        <select name="env" defaultValue={filter.env ?? ""} aria-label="Environment">
          <option value="">All environments</option>
          {ENVIRONMENTS.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </select>
        <select name="player" defaultValue={filter.player ?? ""} aria-label="Player">
          <option value="">Humans and agents</option>
          <option value="human">Humans</option>
          <option value="agent">Agents</option>
        </select>
        <input name="model" placeholder="Model" defaultValue={filter.model ?? ""} aria-label="Model" style={{ width: 140 }} />
        <input
          name="strategy"
          placeholder="Strategy"
          defaultValue={filter.strategy ?? ""}
          aria-label="Strategy"
          style={{ width: 120 }}
        />
        <select name="status" defaultValue={filter.status ?? ""} aria-label="Status">
          <option value="">Any status</option>
          {EPISODE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <select name="outcome" defaultValue={filter.outcome ?? ""} aria-label="Outcome">
          <option value="">Any outcome</option>
          <option value="solved">Solved</option>
          <option value="unsolved">Not solved</option>
        </select>
        <input
          name="q"
          placeholder="Search task or actions"
          defaultValue={filter.q ?? ""}
          aria-label="Search"
          style={{ minWidth: 220 }}
        />
        {filter.taskId && <input type="hidden" name="taskId" value={filter.taskId} />}
        {filter.runId && <input type="hidden" name="runId" value={filter.runId} />}
        <button type="submit">Filter</button>
        <Suspense fallback={<span className="muted">counting…</span>}>
          <EpisodeTotal result={result} />
        </Suspense>
      </form>
      <Suspense fallback={<p className="muted">Loading episodes…</p>}>
        <EpisodeRows filter={filter} result={result} />
      </Suspense>
    </main>
  );
}

async function EpisodeTotal({ result }: { result: Promise<Result> }) {
  return (
    <span className="muted" data-testid="episode-total">
      {formatCount((await result).total, "episode")}
    </span>
  );
}

async function EpisodeRows({ filter, result: pending }: { filter: EpisodeFilter; result: Promise<Result> }) {
  const result = await pending;
  return (
    <>
      {result.episodes.length === 0 ? (
        <p className="muted">
          No episodes match. Play a task from the <Link href="/tasks">Tasks</Link> page, or import logs on the{" "}
          <Link href="/runs">Runs</Link> page.
        </p>
      ) : (
        <EpisodeTable episodes={result.episodes.map((e) => ({ ...e, query: shortQuery(e.query) }))} />
      )}
      <Pager path="/episodes" filter={filter} page={filter.page} pageSize={filter.pageSize} total={result.total} />
    </>
  );
}

// Only what a row shows of the task's text goes to the page.
const shortQuery = (q: string) => (q.length > 110 ? `${q.slice(0, 110)}…` : q);
