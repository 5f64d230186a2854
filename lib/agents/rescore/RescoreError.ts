/** A rescore that cannot start: unknown run, a run that is not imported, nothing that plays live. */
export class RescoreError extends Error {
  readonly kind = "rescore-input";
  constructor(message: string) {
    super(message);
  }
}

export function isRescoreError(err: unknown): err is RescoreError {
  return typeof err === "object" && err !== null && (err as { kind?: unknown }).kind === "rescore-input";
}
