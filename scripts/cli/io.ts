/** Where a command reads and writes: injected, so commands can be tested without a terminal. */
export interface Io {
  root: string;
  cwd: string;
  out(line: string): void;
  err(line: string): void;
  stderr: NodeJS.WriteStream;
}

/** Wrong arguments: printed with the usage, exit code 2. */
export class UsageError extends Error {}
