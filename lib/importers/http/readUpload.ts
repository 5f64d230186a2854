import { z } from "zod";
import { parseFiles, type ImportFile, type ImportOptions, type ParsedFiles } from "../importLogs";
import { RunName } from "../../runs/runName";

// An upload's body → its options and its logs read and checked, or why the body is refused. No
// database: a server runs this in a worker thread (uploadReader.ts), because a 32 MB form and its
// JSON hold a thread for a second or more.

const Options = z.strictObject({
  run: RunName.optional(),
  model: z.string().trim().min(1).max(200).optional(),
  strategy: z.string().trim().min(1).max(100).optional(),
  turns: z.coerce.number().int().min(1).max(1000).optional(),
  player: z.enum(["agent", "human"]).optional(),
  dataset: z.string().trim().min(1).max(100).optional(),
});

const JsonBody = Options.extend({
  files: z
    .array(z.object({ name: z.string().min(1).max(500), content: z.string() }))
    .min(1)
    .max(100)
    .optional(),
  name: z.string().min(1).max(500).optional(),
  content: z.string().optional(),
});

export type UploadRead = { ok: false; status: 400 | 415; error: string } | ({ ok: true; options: ImportOptions } & ParsedFiles);

const bad = (error: string): UploadRead => ({ ok: false, status: 400, error });
const issues = (error: z.ZodError, what: string) =>
  error.issues.map((i) => `${i.path.join(".") || what}: ${i.message}`).join("; ");

/** `type`: the request's Content-Type (multipart/form-data with file fields, or application/json). */
export async function readUpload(body: Uint8Array, type: string): Promise<UploadRead> {
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
    files = await Promise.all(uploads.map(async (f) => ({ name: f.name, content: new Uint8Array(await f.arrayBuffer()) })));
    options = Object.fromEntries(
      [...form.entries()].filter(([k, v]) => k !== "file" && typeof v === "string" && v.trim() !== ""),
    );
  } else if (type.startsWith("application/json")) {
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(body));
    } catch {
      return bad("the body is not valid JSON");
    }
    const parsed = JsonBody.safeParse(json);
    if (!parsed.success) return bad(issues(parsed.error, "body"));
    const { files: list, name, content, ...rest } = parsed.data;
    files = list ?? (name !== undefined && content !== undefined ? [{ name, content }] : []);
    options = rest;
  } else {
    return {
      ok: false,
      status: 415,
      error: "send multipart/form-data (file fields) or application/json ({files: [{name, content}]})",
    };
  }
  if (!files.length) return bad("no file: add at least one InterCode log (.json)");
  const opts = Options.safeParse(options);
  if (!opts.success) return bad(issues(opts.error, "options"));
  return { ok: true, options: opts.data, ...parseFiles(files, opts.data) };
}
