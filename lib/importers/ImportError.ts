/** A log file that Plateau refuses, with where and why. Nothing of the file is stored. */
export class ImportError extends Error {
  constructor(
    readonly file: string,
    readonly entry: string | null,
    readonly reason: string,
  ) {
    super(`${file}: ${entry === null ? "" : `entry ${JSON.stringify(entry)}: `}${reason}`);
    this.name = "ImportError";
  }

  toJSON() {
    return { error: this.message, file: this.file, entry: this.entry, reason: this.reason };
  }
}
