import { staffOnly } from "@/lib/auth/access";
import { createRunResponse, listRunsResponse } from "@/lib/agents/runs/runsRoutes";

export const dynamic = "force-dynamic";

export const GET = staffOnly(() => listRunsResponse());

/** Start a batch run: {policy, tasks, turnLimit?, concurrency?, timeoutMs?, model?, actions?, llm? ({endpoint: a configured name, temperature?, …}, never a URL), prompt?, name?} */
export const POST = staffOnly((req) => createRunResponse(req));
