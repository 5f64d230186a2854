import { ZodError } from "zod";
import { getLive, getPlateau } from "../runtime/context";
import { badRequest } from "../runtime/http";
import { requireIdentity, requireStaff } from "../auth/access";
import { isPlayError } from "../sessions/PlayError";
import { fromPageScript, goTo, toPlayPage } from "../sessions/playRoutes";
import { createInvite, createStudy, InviteInput, listStudies, revokeInvite, StudyError, StudyInput } from "./studies";
import { acceptConsent, joinStudy, playNext } from "./participation";
import { endParticipant, studyMonitor } from "./monitor";
import { exportStudy, type ExportFormat } from "./exportStudy";
import { studyCastArchive } from "./castArchive";

// The study routes' bodies: researchers make studies and invites, watch and export; participants
// join by link, consent, and are sent to their next episode. The app/ routes only call these.

const sessions = () => getPlateau().live?.sessions ?? null;

function failure(err: unknown): Response {
  if (err instanceof ZodError) return badRequest(err);
  if (err instanceof StudyError || isPlayError(err))
    return Response.json({ error: err.message }, { status: (err as { status: number }).status });
  throw err;
}

async function json(req: Request): Promise<unknown> {
  return req.json().catch(() => {
    throw new StudyError("the request body is not valid JSON");
  });
}

export async function listStudiesResponse(req: Request): Promise<Response> {
  const who = requireStaff(req);
  if (who instanceof Response) return who;
  return Response.json({ studies: await listStudies(getPlateau().prisma) });
}

export async function createStudyResponse(req: Request): Promise<Response> {
  const who = requireStaff(req);
  if (who instanceof Response) return who;
  try {
    const study = await createStudy(getPlateau().prisma, StudyInput.parse(await json(req)), who.userId);
    return Response.json(study, { status: 201 });
  } catch (err) {
    return failure(err);
  }
}

export async function createInviteResponse(req: Request, studyId: string): Promise<Response> {
  const who = requireStaff(req);
  if (who instanceof Response) return who;
  try {
    const invite = await createInvite(
      getPlateau().prisma,
      studyId,
      InviteInput.parse(await json(req)),
      getPlateau().origins.publicUrl,
    );
    return Response.json(invite, { status: 201 });
  } catch (err) {
    return failure(err);
  }
}

export async function revokeInviteResponse(req: Request, studyId: string, inviteId: string): Promise<Response> {
  const who = requireStaff(req);
  if (who instanceof Response) return who;
  return (await revokeInvite(getPlateau().prisma, studyId, inviteId))
    ? Response.json({ revoked: inviteId })
    : Response.json({ error: `invite ${inviteId} not found` }, { status: 404 });
}

export async function monitorResponse(req: Request, studyId: string): Promise<Response> {
  const who = requireStaff(req);
  if (who instanceof Response) return who;
  const m = await studyMonitor(getPlateau().prisma, sessions(), studyId);
  return m
    ? Response.json(m, { headers: { "cache-control": "no-store" } })
    : Response.json({ error: `study ${studyId} not found` }, { status: 404 });
}

export async function endParticipantResponse(req: Request, studyId: string, participantId: string): Promise<Response> {
  const who = requireStaff(req);
  if (who instanceof Response) return who;
  return (await endParticipant(getPlateau().prisma, sessions(), studyId, participantId))
    ? Response.json({ ended: participantId })
    : Response.json({ error: "no such participant, or already ended" }, { status: 404 });
}

const FORMATS: Record<ExportFormat | "casts", { type: string; ext: string }> = {
  casts: { type: "application/x-tar", ext: "tar" },
  csv: { type: "text/csv; charset=utf-8", ext: "csv" },
  jsonl: { type: "application/x-ndjson; charset=utf-8", ext: "jsonl" },
  intercode: { type: "application/json; charset=utf-8", ext: "json" },
};

export async function exportResponse(req: Request, studyId: string): Promise<Response> {
  const who = requireStaff(req);
  if (who instanceof Response) return who;
  const format = new URL(req.url).searchParams.get("format") ?? "csv";
  if (!(format in FORMATS)) return badRequest(`format must be one of ${Object.keys(FORMATS).join(", ")}`);
  const study = await getPlateau().prisma.study.findUnique({ where: { id: studyId }, select: { name: true } });
  if (!study) return Response.json({ error: `study ${studyId} not found` }, { status: 404 });
  const f = FORMATS[format as ExportFormat];
  const file = `${study.name.replace(/[^A-Za-z0-9._-]+/g, "_")}.${format === "intercode" ? "intercode" : format === "casts" ? "casts" : "episodes"}.${f.ext}`;
  const body =
    format === "casts"
      ? await studyCastArchive(getPlateau().prisma, studyId)
      : await exportStudy(getPlateau().prisma, studyId, format as ExportFormat);
  return new Response(body, { headers: { "content-type": f.type, "content-disposition": `attachment; filename="${file}"` } });
}

/** The invite page's form (public): a pseudonym, then the sign-in link that leads into the study. */
export async function joinResponse(req: Request): Promise<Response> {
  const form = await req.formData().catch(() => null);
  const secret = String(form?.get("invite") ?? "");
  const pseudonym = String(form?.get("pseudonym") ?? "");
  const back = (error: string) =>
    new Response(null, {
      status: 303,
      headers: { location: `/join/${encodeURIComponent(secret)}?error=${encodeURIComponent(error)}` },
    });
  if (!/^[A-Za-z0-9_-]{10,60}$/.test(secret)) return Response.json({ error: "this invite link is not valid" }, { status: 400 });
  try {
    const joined = await joinStudy(getPlateau().prisma, getPlateau().auth, secret, pseudonym);
    return new Response(null, { status: 303, headers: { location: joined.signInLink } });
  } catch (err) {
    if (err instanceof ZodError) return back(err.issues[0]?.message ?? "invalid name");
    if (err instanceof StudyError) return back(err.message);
    throw err;
  }
}

export async function consentResponse(req: Request): Promise<Response> {
  const who = requireIdentity(req);
  if (who instanceof Response) return who;
  await acceptConsent(getPlateau().prisma, who.userId);
  return new Response(null, { status: 303, headers: { location: "/study" } });
}

/** Next: the participant's live episode (resumed here) or a new one of their next task. */
export async function nextResponse(req: Request): Promise<Response> {
  const who = requireIdentity(req);
  if (who instanceof Response) return who;
  try {
    const next = await playNext(getPlateau().prisma, getLive().sessions, who);
    const inPage = fromPageScript(req);
    return next ? toPlayPage(next.taskId, next.episodeId, next.playerToken, inPage) : goTo("/study", inPage);
  } catch (err) {
    return failure(err);
  }
}
