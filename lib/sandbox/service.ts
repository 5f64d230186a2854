import { SERVICE_START_MS } from "./types";

// An image's service (docker/bash/helper.py § the image's service: SQL's MariaDB) is started by the
// sandbox's root helper when the sandbox is created, and the sandbox is handed out once it is ready.

type Request = (msg: Record<string, unknown>, guardMs: number) => Promise<Record<string, unknown>>;

/** Whether a service was started. A helper older than the op (an image built before it) has none. */
export async function startImageService(request: Request): Promise<boolean> {
  try {
    const r = await request({ op: "start-service" }, SERVICE_START_MS);
    return r.started === true;
  } catch (e) {
    if (/unknown op 'start-service'/.test((e as Error).message)) return false;
    throw new Error(`the image's service did not start: ${(e as Error).message}`);
  }
}
