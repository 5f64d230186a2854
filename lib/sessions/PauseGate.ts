// Several reasons can hold a TTY's output back (a slow page, the screen mirror, the rate limit);
// it resumes only when none holds it any more.

export class PauseGate {
  private reasons = new Set<string>();

  constructor(
    private readonly pause: () => void,
    private readonly resume: () => void,
  ) {}

  hold(reason: string): void {
    if (this.reasons.size === 0) this.pause();
    this.reasons.add(reason);
  }

  release(reason: string): void {
    if (!this.reasons.delete(reason)) return;
    if (this.reasons.size === 0) this.resume();
  }

  get held(): boolean {
    return this.reasons.size > 0;
  }
}
