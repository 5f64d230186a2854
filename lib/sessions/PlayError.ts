// An error a player or program should see as is (task missing, not playable, no sandbox), with its
// HTTP status. Route handlers are bundled apart from the server's own modules, so they recognise it
// by shape, not by class identity.

export class PlayError extends Error {
  override readonly name = "PlayError";
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 429 | 503,
  ) {
    super(message);
  }
}

export function isPlayError(err: unknown): err is PlayError {
  return err instanceof Error && err.name === "PlayError" && typeof (err as PlayError).status === "number";
}
