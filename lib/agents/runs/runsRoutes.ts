import { getPlateau } from "../../runtime/context";
import { isRunInputError, type AgentRunner } from "./AgentRunner";
import { listAgentRuns, runEpisodes } from "./runStore";
import { episodeRowOf } from "./runPageData";

// What the /api/agent-runs routes do, so each route file stays a few lines.

function runner(): AgentRunner | Response {
  const p = getPlateau();
  return (
    p.live?.agentRuns ??
    Response.json(
      { error: `agent runs are not available: ${p.sandbox.driver ? "the service is not started" : p.sandbox.reason}` },
      { status: 503 },
    )
  );
}

export async function listRunsResponse(): Promise<Response> {
  return Response.json({ runs: await listAgentRuns(getPlateau().prisma) });
}

export async function createRunResponse(req: Request): Promise<Response> {
  const r = runner();
  if (r instanceof Response) return r;
  const body = await req.json().catch(() => undefined);
  if (body === undefined) return Response.json({ error: "the request body is not valid JSON" }, { status: 400 });
  try {
    return Response.json(await r.create(body), { status: 201 });
  } catch (err) {
    if (isRunInputError(err)) return Response.json({ error: err.message }, { status: err.status });
    throw err;
  }
}

export async function runResponse(runId: string): Promise<Response> {
  const r = runner();
  if (r instanceof Response) return r;
  const progress = await r.progress(runId);
  if (!progress) return Response.json({ error: `agent run ${runId} not found` }, { status: 404 });
  return Response.json({ progress, episodes: (await runEpisodes(getPlateau().prisma, runId)).map(episodeRowOf) });
}

export async function cancelRunResponse(runId: string): Promise<Response> {
  const r = runner();
  if (r instanceof Response) return r;
  if (!(await r.cancel(runId))) return Response.json({ error: `agent run ${runId} not found` }, { status: 404 });
  return Response.json({ progress: await r.progress(runId) });
}
