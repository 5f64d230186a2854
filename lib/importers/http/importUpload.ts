import { z } from "zod";
import type { Db } from "../../db";
import { readCapped } from "../../runtime/http";
import { bodyLimitsFromEnv } from "../../runtime/bodyLimit";
import { importLogs, type ImportFile, type ImportReport } from "../importLogs";
import { RunName } from "../../runs/runName";

// POST /api/imports: the upload form and programs send logs here. The body is read with a size
// limit, validated, imported like `plateau import`, and answered with the Run or the error.

const Options = z.strictObject({
  run: RunName.optional(),
  model: z.string().trim().min(1).max(200).optional(),
  strategy: z.string().trim().min(1).max(100).optional(),
  turns: z.coerce.number().int().min(1).max(1000).optional(),
  player: z.enum(["agent", "human"]).optional(),
  dataset: z.string().trim().min(1).max(100).optional(),
});

const JsonBody = Options.extend({
  files: z.array(z.object({ name: z.string().min(1).max(500), content: z.string() })).min(1).max(100).optional(),
  name: z.string().min(1).max(500).optional(),
  content: z.string().optional(),
});

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

function tooLarge(size: number, limit: number): Response {
  return Response.json(
    { error: `the upload is too large: ${size > 0 ? `${mb(size)}, ` : ""}the limit is ${mb(limit)} (PLATEAU_MAX_IMPORT_BYTES). Import big logs with: npx plateau import FILE` },
    { status: 413 },
  );
}

const bad = (error: string) => Response.json({ error }, { status: 400 });

/**
 * Uploads are decoded and imported one at a time (their bodies are read at once): each takes turns
 * of up to a few hundred ms on the event loop (a 32 MB form, its JSON), and ten of them interleaved
 * held every other request (the health check, pages) for seconds. Imports queue on one lock anyway.
 */
let previous: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = previous.then(work, work);
  previous = next.catch(() => {});
  return next;
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** `limit`: the largest upload, the same setting server.ts refuses larger bodies by. */
export async function importUpload(prisma: Db, req: Request, limit = bodyLimitsFromEnv().importBytes): Promise<Response> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > limit) return tooLarge(declared, limit);
  const body = await readCapped(req.body, limit);
  if (body === null) return tooLarge(0, limit);
  return oneAtATime(() => importBody(prisma, req, body));
}

async function importBody(prisma: Db, req: Request, body: Uint8Array): Promise<Response> {
  const type = req.headers.get("content-type") ?? "";

  let files: ImportFile[];
  let options: unknown;
  if (type.startsWith("multipart/form-data")) {
    let form: FormData;
    try {
      form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "content-type": type } }).formData();
    } catch {
      return bad("the multipart body could not be read");
    }
    const uploads = form.getAll("file").filter((f): f is File => typeof f === "object");
    files = [];
    for (const f of uploads) {
      await turn(); // each step over a big body is a long turn; other requests go in between
      files.push({ name: f.name, content: new Uint8Array(await f.arrayBuffer()) });
    }
    options = Object.fromEntries([...form.entries()].filter(([k, v]) => k !== "file" && typeof v === "string" && v.trim() !== ""));
  } else if (type.startsWith("application/json")) {
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(body));
    } catch {
      return bad("the body is not valid JSON");
    }
    const parsed = JsonBody.safeParse(json);
    if (!parsed.success) return bad(parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "));
    const { files: list, name, content, ...rest } = parsed.data;
    files = list ?? (name !== undefined && content !== undefined ? [{ name, content }] : []);
    options = rest;
  } else {
    return Response.json({ error: "send multipart/form-data (file fields) or application/json ({files: [{name, content}]})" }, { status: 415 });
  }
  if (!files.length) return bad("no file: add at least one InterCode log (.json)");
  const opts = Options.safeParse(options);
  if (!opts.success) return bad(opts.error.issues.map((i) => `${i.path.join(".") || "options"}: ${i.message}`).join("; "));

  let report: ImportReport;
  try {
    await turn();
    report = await importLogs(prisma, files, opts.data);
  } catch (err) {
    return Response.json({ error: (err as Error).message }, { status: 500 });
  }
  const out = {
    runs: report.runs,
    skipped: report.skipped.map((s) => ({ ...s, message: `${s.file}: already imported as run ${s.run}; nothing changed` })),
    rejected: report.rejected.map((e) => e.toJSON()),
  };
  if (report.runs.length) return Response.json(out, { status: 201 });
  if (report.rejected.length) return Response.json({ ...out, error: report.rejected.map((e) => e.message).join("\n") }, { status: 422 });
  return Response.json({ ...out, message: out.skipped.map((s) => s.message).join("\n") }, { status: 200 });
}
