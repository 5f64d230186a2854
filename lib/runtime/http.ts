import type { ZodError } from "zod";

/** A 400 that says which field is wrong and why. */
export function badRequest(error: ZodError | string): Response {
  const message = typeof error === "string" ? error : error.issues.map((i) => `${i.path.join(".") || "input"}: ${i.message}`).join("; ");
  return Response.json({ error: message }, { status: 400 });
}

export function notFound(what: string): Response {
  return Response.json({ error: `${what} not found` }, { status: 404 });
}
