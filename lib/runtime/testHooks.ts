import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import type { Db } from "../db";
import { identityFromHeaders } from "../auth/requestIdentity";
import { isStaff } from "../auth/roles";
import { createLiveFeed, type LiveSource } from "../replay/liveFeed";
import { LiveStep } from "../episodes/step";
import { EpisodeStatus } from "../episodes/episodeStatus";
import { readRequest, writeResponse } from "./nodeFetch";

// Browser tests of spectating need an episode that "plays" on demand without a sandbox. Only the e2e
// server (PLATEAU_TEST_HOOKS=1) loads this module and creates these hooks: POST /api/episodes/{id}/test-live stores events
// and steps and publishes them to spectators as a live session would. The production build has no
// such route: server.ts answers it only when the hooks exist, after the gate.

const Body = z.object({
  events: z
    .array(z.object({ time: z.number().min(0), code: z.enum(["o", "i", "r", "m"]), data: z.string().max(1_000_000) }))
    .max(10_000)
    .default([]),
  step: LiveStep.optional(),
  ended: EpisodeStatus.exclude(["active"]).optional(),
});

const PATH = /^\/api\/episodes\/([^/?]+)\/test-live(?:\?|$)/;

export interface TestHooks {
  /** Spectators hear these episodes as if they were live. */
  feed: LiveSource;
  /** Answers the request if it is a hook's; false: not one. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
}

export function createTestHooks(prisma: Db): TestHooks {
  const feed = createLiveFeed();

  async function play(req: Request, id: string): Promise<Response> {
    // The gate has identified the caller (server.ts runs outside Next: no lib/auth/access here).
    const who = identityFromHeaders(req.headers);
    if (!who) return Response.json({ error: "sign in first" }, { status: 401 });
    if (!isStaff(who.role)) return Response.json({ error: `a ${who.role} may not do this` }, { status: 403 });
    if (req.method !== "POST") return Response.json({ error: "POST only" }, { status: 405 });
    const body = Body.safeParse(await req.json().catch(() => null));
    if (!body.success) return Response.json({ error: body.error.issues[0]?.message ?? "bad body" }, { status: 400 });
    const ep = await prisma.episode.findUnique({ where: { id }, select: { id: true } });
    if (!ep) return Response.json({ error: `episode ${id} not found` }, { status: 404 });
    const last = await prisma.terminalEvent.aggregate({ where: { episodeId: id }, _max: { seq: true } });
    const first = (last._max.seq ?? -1) + 1;
    const events = body.data.events.map((e, i) => ({ ...e, seq: first + i }));
    if (events.length) await prisma.terminalEvent.createMany({ data: events.map((e) => ({ episodeId: id, ...e })) });
    const step = body.data.step ?? null;
    if (step) {
      await prisma.step.upsert({
        where: { episodeId_index: { episodeId: id, index: step.index } },
        create: { episodeId: id, ...step },
        update: step,
      });
      await prisma.episode.update({ where: { id }, data: { turns: { increment: 1 } } });
    }
    if (body.data.ended) await prisma.episode.update({ where: { id }, data: { status: body.data.ended, endedAt: new Date() } });
    for (const event of events) feed.publish(id, { type: "event", event });
    if (step) feed.publish(id, { type: "step", step });
    if (body.data.ended) feed.publish(id, { type: "ended", status: body.data.ended });
    return Response.json({ stored: events.length, firstSeq: first, spectators: feed.watching(id) });
  }

  return {
    feed,
    handle(req, res) {
      const m = PATH.exec(req.url ?? "");
      if (!m) return false;
      void readRequest(req)
        .then((r) => play(r, decodeURIComponent(m[1])))
        .then((r) => writeResponse(res, r))
        .catch((err: Error) => writeResponse(res, Response.json({ error: err.message }, { status: 500 })));
      return true;
    },
  };
}
