// The local driver's way to the root helper inside a local sandbox (helperChannel.ts, the same
// helper the docker driver talks to): the JSON lines over the stdin/stdout pipes of its nsenter process.
import type { ChildProcess } from "node:child_process";
import { HelperChannel } from "./helperChannel";

export class LocalHelper extends HelperChannel {
  // Hanging up is the end of input: the helper's serve loop ends and nsenter exits after it (no zombie left behind).
  private constructor(readonly proc: ChildProcess) {
    super({ write: (line) => proc.stdin!.write(line), hangUp: () => proc.stdin?.destroy() });
    proc.stdout!.on("data", (b: Buffer) => this.stdout(b));
    proc.stderr!.on("data", (b: Buffer) => this.stderr(b.toString("utf8")));
    proc.stdin!.on("error", () => {}); // EPIPE when it dies: 'exit' reports it
    proc.on("exit", () => this.closedByTransport());
    proc.on("error", (e) => {
      this.stderr(`\n${e.message}`);
      this.closedByTransport();
    });
  }

  /** Wrap a started helper process and wait for its ready line. */
  static async open(proc: ChildProcess, timeoutMs = 10_000): Promise<LocalHelper> {
    const helper = new LocalHelper(proc);
    await helper.ready(timeoutMs);
    return helper;
  }
}
