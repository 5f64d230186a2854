import { z } from "zod";
import { getService } from "@/lib/runtime/context";
import { badRequest } from "@/lib/runtime/http";
import type { SessionManager } from "@/lib/sessions/SessionManager";
import { isPlayError } from "@/lib/sessions/PlayError";

export const dynamic = "force-dynamic";

const StartPlay = z.object({
  taskId: z.number().int().positive(),
  playerName: z.string().trim().max(80).optional(),
  turnLimit: z.number().int().min(1).max(1000).nullable().optional(),
  cols: z.number().int().min(10).max(500).optional(),
  rows: z.number().int().min(4).max(200).optional(),
});

/** A person starts an episode: a sandbox from the warm pool, and a token that lets only them type. */
export async function POST(req: Request) {
  const body = StartPlay.safeParse(await req.json().catch(() => null));
  if (!body.success) return badRequest(body.error);
  try {
    const { episodeId, playerToken } = await getService<SessionManager>("sessions").start({ ...body.data, playerKind: "human" });
    return Response.json({ episodeId, playerToken }, { status: 201 });
  } catch (err) {
    if (isPlayError(err)) return Response.json({ error: err.message }, { status: err.status });
    throw err;
  }
}
