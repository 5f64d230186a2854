import { Suspense } from "react";
import Link from "next/link";
import { Pager } from "../layout/Pager";
import type { PublicTask, TaskFilter } from "@/lib/tasks";
import { GoldReveal } from "./GoldReveal";
import { StartPlayButton } from "@/components/play/StartPlayButton";
import { EnvironmentDatasetSelects } from "./EnvironmentDatasetSelects";
import { formatCount } from "@/lib/stats/formatNumber";

type Result = { tasks: PublicTask[]; total: number };

interface Props {
  filter: TaskFilter;
  /** Streamed: the filters paint at once, the rows follow. */
  result: Promise<Result>;
  /** Every dataset with its environment. */
  datasets: { environment: string; dataset: string }[];
  invalid?: string;
}

export function TaskList({ filter, result, datasets, invalid }: Props) {
  return (
    <main>
      <h1>Tasks</h1>
      {invalid && (
        <div className="error-box" style={{ marginBottom: 12 }}>
          Filter ignored: {invalid}
        </div>
      )}
      <form className="toolbar" method="get" action="/tasks">
        <EnvironmentDatasetSelects env={filter.env ?? ""} dataset={filter.dataset ?? ""} datasets={datasets} />
        <select name="hardness" defaultValue={filter.hardness ?? ""} aria-label="Hardness">
          <option value="">Any hardness</option>
          {["easy", "medium", "hard", "extra"].map((h) => (
            <option key={h} value={h}>
              {h}
            </option>
          ))}
        </select>
        <input
          name="q"
          placeholder="Search the query text"
          defaultValue={filter.q ?? ""}
          aria-label="Search"
          style={{ minWidth: 260 }}
        />
        <button type="submit">Filter</button>
        <Suspense fallback={<span className="muted">counting…</span>}>
          <TaskTotal filter={filter} result={result} />
        </Suspense>
      </form>
      <Suspense fallback={<p className="muted">Loading tasks…</p>}>
        <TaskRows filter={filter} result={result} />
      </Suspense>
    </main>
  );
}

async function TaskTotal({ filter, result }: { filter: TaskFilter; result: Promise<Result> }) {
  const { total } = await result;
  return (
    <>
      <span className="muted" data-testid="task-total">
        {formatCount(total, "task")}
      </span>
      {total > 0 && (
        <Link
          href={`/studies?${new URLSearchParams(Object.entries({ env: filter.env, dataset: filter.dataset, hardness: filter.hardness, q: filter.q }).filter((e): e is [string, string] => !!e[1])).toString()}`}
          prefetch={false}
          data-testid="study-from-tasks"
        >
          Make a study of these tasks
        </Link>
      )}
    </>
  );
}

async function TaskRows({ filter, result: pending }: { filter: TaskFilter; result: Promise<Result> }) {
  const result = await pending;
  return (
    <>
      <table>
        <thead>
          <tr>
            <th>#</th>
            <th>Env</th>
            <th>Dataset</th>
            <th>Query</th>
            <th>Gold</th>
            <th></th>
          </tr>
        </thead>
        <tbody>
          {result.tasks.map((t) => (
            <tr key={t.id} data-testid="task-row">
              <td className="num muted">{t.index}</td>
              <td>
                <span className="tag">{t.environment}</span>
                {t.hardness && (
                  <>
                    {" "}
                    <span className="tag">{t.hardness}</span>
                  </>
                )}
              </td>
              <td className="muted">
                {t.dataset}
                {t.db ? ` · ${t.db}` : ""}
              </td>
              <td style={{ maxWidth: 620 }}>
                <Link href={`/tasks/${t.id}`}>{t.query}</Link>
              </td>
              <td>
                <GoldReveal taskId={t.id} />
              </td>
              <td>
                {t.playable.ok ? (
                  <StartPlayButton taskId={t.id} once={crypto.randomUUID()} />
                ) : (
                  <span className="muted" data-testid="unplayable" title={t.playable.reason}>
                    cannot be played
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager path="/tasks" filter={filter} page={filter.page} pageSize={filter.pageSize} total={result.total} />
    </>
  );
}
