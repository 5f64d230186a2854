import { createRunResponse, listRunsResponse } from "@/lib/agents/runs/runsRoutes";

export const dynamic = "force-dynamic";

export function GET() {
  return listRunsResponse();
}

/** Start a batch run: {policy, tasks, turnLimit?, concurrency?, timeoutMs?, model?, actions?, llm? ({endpoint: a configured name, temperature?, …}, never a URL), prompt?, name?} */
export function POST(req: Request) {
  return createRunResponse(req);
}
