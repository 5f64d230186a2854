import { staffOnly } from "@/lib/auth/access";
import { getPlateau, getUploadReader } from "@/lib/runtime/context";
import { importUpload } from "@/lib/importers/http/importUpload";

export const dynamic = "force-dynamic";

/** POST /api/imports — multipart (file fields + run, model, strategy, turns) or JSON {files: [{name, content}], run?…}. */
export const POST = staffOnly(async (req) => {
  return importUpload(getPlateau().prisma, req, getUploadReader());
});
