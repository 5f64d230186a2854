import { z } from "zod";
import { getPlateau } from "@/lib/runtime/context";
import { staffOnly } from "@/lib/auth/access";
import { badRequest, notFound } from "@/lib/runtime/http";
import { LiveStep } from "@/lib/replay/liveProtocol";
import { testHooksEnabled, testLiveFeed } from "@/lib/replay/server/testLiveFeed";

export const dynamic = "force-dynamic";

const Body = z.object({
  events: z.array(z.object({ time: z.number().min(0), code: z.enum(["o", "i", "r", "m"]), data: z.string().max(1_000_000) })).max(10_000).default([]),
  step: LiveStep.optional(),
  ended: z.enum(["submitted", "skipped", "abandoned", "interrupted", "error"]).optional(),
});

/**
 * Browser tests only (PLATEAU_TEST_HOOKS=1): make an episode "play" without a sandbox. Stores the
 * events (numbered after the last one) and the step, ends the episode if asked, and pushes all of
 * it to spectators exactly as a live session would. 404 everywhere else.
 */
export const POST = staffOnly(async (req, { params }: { params: Promise<{ id: string }> }) => {
  if (!testHooksEnabled()) return notFound("page");
  const { id } = await params;
  const body = Body.safeParse(await req.json().catch(() => null));
  if (!body.success) return badRequest(body.error);
  const { prisma } = getPlateau();
  const ep = await prisma.episode.findUnique({ where: { id }, select: { id: true } });
  if (!ep) return notFound(`episode ${id}`);
  const last = await prisma.terminalEvent.aggregate({ where: { episodeId: id }, _max: { seq: true } });
  const first = (last._max.seq ?? -1) + 1;
  const events = body.data.events.map((e, i) => ({ ...e, seq: first + i }));
  if (events.length) await prisma.terminalEvent.createMany({ data: events.map((e) => ({ episodeId: id, ...e })) });
  const step = body.data.step ? LiveStep.parse(body.data.step) : null;
  if (step) {
    await prisma.step.upsert({ where: { episodeId_index: { episodeId: id, index: step.index } }, create: { episodeId: id, ...step }, update: step });
    await prisma.episode.update({ where: { id }, data: { turns: { increment: 1 } } });
  }
  if (body.data.ended) await prisma.episode.update({ where: { id }, data: { status: body.data.ended, endedAt: new Date() } });
  const feed = testLiveFeed();
  for (const event of events) feed.publish(id, { type: "event", event });
  if (step) feed.publish(id, { type: "step", step });
  if (body.data.ended) feed.publish(id, { type: "ended", status: body.data.ended });
  return Response.json({ stored: events.length, firstSeq: first, spectators: feed.watching(id) });
});
