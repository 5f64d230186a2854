import type { Db } from "../../db";
import { bodyLimitsFromEnv } from "../../runtime/bodyLimit";
import { importParsed, type ImportReport } from "../importLogs";
import type { UploadReader } from "./uploadReader";

// POST /api/imports: the upload form and programs send logs here. The body is read with a size
// limit, decoded and checked off the event loop (`reader`), stored like `plateau import`, and
// answered with the Run or the error.

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

function tooLarge(size: number, limit: number): Response {
  return Response.json(
    {
      error: `the upload is too large: ${size > 0 ? `${mb(size)}, ` : ""}the limit is ${mb(limit)} (PLATEAU_MAX_IMPORT_BYTES). Import big logs with: npx plateau import FILE`,
    },
    { status: 413 },
  );
}

/**
 * Uploads are received, read and stored one at a time: the others wait unread (TCP holds their
 * senders back), so ten 32 MB uploads neither take 320 MB at once nor flood the event loop with
 * their bytes together; their imports would queue on one lock anyway.
 */
let previous: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = previous.then(work, work);
  previous = next.catch(() => {});
  return next;
}

/** `limit`: the largest upload, the same setting server.ts refuses larger bodies by. */
export async function importUpload(
  prisma: Db,
  req: Request,
  reader: UploadReader,
  limit = bodyLimitsFromEnv().importBytes,
): Promise<Response> {
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > limit) return tooLarge(declared, limit);
  return oneAtATime(async () => {
    let report: ImportReport;
    try {
      const read = await reader.read(req.body, req.headers.get("content-type") ?? "", limit);
      if (read === null) return tooLarge(0, limit);
      if (!read.ok) return Response.json({ error: read.error }, { status: read.status });
      report = await importParsed(prisma, read, read.options);
    } catch (err) {
      return Response.json({ error: (err as Error).message }, { status: 500 });
    }
    return answer(report);
  });
}

function answer(report: ImportReport): Response {
  const out = {
    runs: report.runs,
    skipped: report.skipped.map((s) => ({ ...s, message: `${s.file}: already imported as run ${s.run}; nothing changed` })),
    rejected: report.rejected.map((e) => e.toJSON()),
  };
  if (report.runs.length) return Response.json(out, { status: 201 });
  if (report.rejected.length)
    return Response.json({ ...out, error: report.rejected.map((e) => e.message).join("\n") }, { status: 422 });
  return Response.json({ ...out, message: out.skipped.map((s) => s.message).join("\n") }, { status: 200 });
}
