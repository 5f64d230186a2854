import { Suspense } from "react";
import Link from "next/link";
import type { HomeSummary } from "@/lib/runtime/home";
import { statsQueryToParams } from "@/lib/stats/statsQuery";
import type { SandboxInfo } from "@/lib/runtime/context";
import type { TaskEpisode } from "@/lib/episodes/listEpisodesOfTask";
import { LiveEpisodes } from "@/components/play/LiveEpisodes";
import { formatPercent, formatTurns, formatCount } from "@/lib/stats/formatNumber";
import { RewardCell } from "@/components/episodes/EpisodeCells";

/**
 * `live`: the signed-in person's episodes still being played. The heading paints at once; the
 * sections that need the database (`summary`, `live`) stream in after it.
 */
export function HomeView({
  summary,
  sandbox,
  live,
}: {
  summary: Promise<HomeSummary>;
  sandbox: SandboxInfo;
  live: Promise<TaskEpisode[]>;
}) {
  return (
    <main>
      <h1>Plateau</h1>
      <p className="muted" style={{ marginTop: -6 }}>
        Play InterCode tasks in a live sandbox, replay every step, and compare success against the turn budget. Sandbox:{" "}
        {sandbox.driver ? <span className="ok">{sandbox.driver}</span> : <span className="bad">none — {sandbox.reason}</span>}
        {sandbox.driver && sandbox.warning && (
          <span className="bad" data-testid="sandbox-warning">
            {" "}
            — {sandbox.warning}
          </span>
        )}
      </p>
      <Suspense fallback={<p className="muted">Loading…</p>}>
        <HomeSections summary={summary} live={live} />
      </Suspense>
    </main>
  );
}

async function HomeSections({
  summary: summaryPromise,
  live: livePromise,
}: {
  summary: Promise<HomeSummary>;
  live: Promise<TaskEpisode[]>;
}) {
  const [summary, live] = await Promise.all([summaryPromise, livePromise]);
  return (
    <>
      <LiveEpisodes episodes={live} />
      <h2>Environments</h2>
      <div className="grid" data-testid="environments">
        {summary.environments.map((env) => (
          <div className="panel" key={env.name} data-testid={`env-${env.name}`}>
            <div style={{ display: "flex", justifyContent: "space-between", alignItems: "baseline" }}>
              <strong>{env.title}</strong>
              <span className="big" data-testid={`env-${env.name}-count`}>
                {env.tasks}
              </span>
            </div>
            <div className="muted" style={{ fontSize: 13, minHeight: 40 }}>
              {env.description}
            </div>
            <div style={{ marginTop: 6, fontSize: 12 }} className="muted">
              {env.datasets.map((d) => (
                <span key={d.dataset} style={{ marginRight: 10, whiteSpace: "nowrap", display: "inline-block" }}>
                  <Link href={`/tasks?env=${env.name}&dataset=${d.dataset}`}>{d.dataset}</Link> {d.count}
                </span>
              ))}
            </div>
            <div style={{ marginTop: 8, fontSize: 12 }}>
              {env.playable ? (
                <Link href={`/tasks?env=${env.name}`}>Browse and play →</Link>
              ) : (
                <span className="muted">{env.reason}</span>
              )}
            </div>
          </div>
        ))}
      </div>
      {summary.headline.length > 0 && (
        <>
          <h2>Success rates of the newest runs</h2>
          <table data-testid="headline">
            <thead>
              <tr>
                <th>Run</th>
                <th>Environment</th>
                <th className="num">Episodes</th>
                <th className="num">SR %</th>
                <th className="num">95 % interval</th>
                <th className="num">Mean turns</th>
              </tr>
            </thead>
            <tbody>
              {summary.headline.map(({ run, environment, stats }) => (
                <tr key={run}>
                  <td>
                    <Link href={`/compare?${statsQueryToParams({ runs: [run] })}`}>{run}</Link>
                  </td>
                  <td>{environment ?? "—"}</td>
                  <td className="num">{stats.n}</td>
                  <td className="num">
                    <strong>{formatPercent(stats.sr)}</strong>
                  </td>
                  <td className="num muted">
                    {formatPercent(stats.srLow)}–{formatPercent(stats.srHigh)}
                  </td>
                  <td className="num">{formatTurns(stats.turns)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted" style={{ fontSize: 12 }}>
            InterCode&apos;s reward.{" "}
            <Link href={`/compare?${statsQueryToParams({ runs: summary.headline.map((h) => h.run) })}`}>Compare them →</Link>
          </p>
        </>
      )}
      {summary.studies.length > 0 && (
        <>
          <h2>Studies</h2>
          <table data-testid="home-studies">
            <thead>
              <tr>
                <th>Study</th>
                <th>Participants</th>
                <th>Progress</th>
              </tr>
            </thead>
            <tbody>
              {summary.studies.map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link href={`/studies/${s.id}`}>{s.name}</Link>
                  </td>
                  <td>{s.participants}</td>
                  <td>
                    {s.done} / {formatCount(s.planned, "episode")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <h2>Recent episodes</h2>
      {summary.recent.length === 0 ? (
        <p className="muted">
          No episodes yet. Open a task and play it, or import InterCode logs with <code>npx plateau import</code>.
        </p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Task</th>
              <th>Player</th>
              <th>Status</th>
              <th className="num">Turns</th>
              <th className="num">Reward</th>
            </tr>
          </thead>
          <tbody>
            {summary.recent.map((e) => (
              <tr key={e.id}>
                <td>
                  <Link href={`/episodes/${e.id}`}>{e.query.slice(0, 90)}</Link> <span className="tag">{e.environment}</span>
                </td>
                <td>{e.playerName ?? e.playerKind}</td>
                <td>{e.status}</td>
                <td className="num">{e.turns}</td>
                <RewardCell reward={e.reward} success={e.success} mode={e.rewardMode} />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
