import { io } from "socket.io-client";
import type { ClientSocket } from "../runtime/socketEvents";
import { ClientEvents, ServerEvents, type EpisodeResult, type SessionState } from "./protocol";
import type { StepSummary } from "../episodes/step";

// A scripted player over a real socket.io connection, for integration tests and benchmarks: it
// attaches to an episode, types, and waits for what a person would wait for.

export class TestPlayer {
  readonly socket: ClientSocket;
  output = "";
  screen = "";
  steps: StepSummary[] = [];
  state: SessionState | null = null;
  result: EpisodeResult | null = null;
  errors: string[] = [];
  /** Output received and not acknowledged yet (all of it, for a page that does not acknowledge). */
  unacked = 0;
  private waiters: Array<() => void> = [];

  /**
   * `at`: the server and a signed-in session's cookie (sockets without one are refused). `acks:
   * false`: a page that never acknowledges output (a stalled or hostile tab). `attachIn:
   * "handshake"`: asks to attach as the connection opens, without a size, then says its size (as a
   * Play page whose connection opened before its terminal was built).
   */
  constructor(
    at: { url: string; cookie: string },
    readonly episodeId: string,
    readonly token?: string,
    readonly size = { cols: 120, rows: 32 },
    readonly acks = true,
    attachIn: "message" | "handshake" = "message",
  ) {
    const attach = { episodeId, playerToken: token };
    this.socket = io(at.url, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      extraHeaders: { cookie: at.cookie },
      ...(attachIn === "handshake" && { auth: { attach } }),
    });
    const wake = () => this.waiters.splice(0).forEach((w) => w());
    this.socket.on(ServerEvents.screen, (s: string) => {
      this.screen = s;
      wake();
    });
    this.socket.on(ServerEvents.output, (d: string) => {
      this.output += d;
      this.unacked += d.length;
      if (this.acks) this.ackAll();
      wake();
    });
    this.socket.on(ServerEvents.step, (s: StepSummary) => {
      this.steps.push(s);
      wake();
    });
    this.socket.on(ServerEvents.state, (s: SessionState) => {
      this.state = s;
      wake();
    });
    this.socket.on(ServerEvents.result, (r: EpisodeResult) => {
      this.result = r;
      wake();
    });
    this.socket.on(ServerEvents.error, (m: string) => {
      this.errors.push(m);
      wake();
    });
    this.socket.on("connect", () =>
      attachIn === "handshake"
        ? this.socket.emit(ClientEvents.resize, size)
        : this.socket.emit(ClientEvents.attach, { ...attach, ...size }),
    );
  }

  /** Resolve once `check` holds, re-checking on every message; reject after timeoutMs. */
  until(check: () => boolean, timeoutMs = 15_000, what = "condition"): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out waiting for ${what}; output so far: ${JSON.stringify(this.output.slice(-400))}`)),
        timeoutMs,
      );
      const test = () => {
        if (check()) {
          clearTimeout(timer);
          resolve();
        } else this.waiters.push(test);
      };
      test();
    });
  }

  ready(): Promise<void> {
    // The prompt may have come before this socket attached: then it is in the redrawn screen.
    return this.until(() => this.state !== null && /\$ $/.test(this.screen + this.output), 30_000, "the first prompt");
  }

  /** Acknowledge everything received so far, as a page does once its terminal has drawn it. */
  ackAll(): void {
    this.socket.emit(ClientEvents.ack, this.unacked);
    this.unacked = 0;
  }

  type(text: string): void {
    this.socket.emit(ClientEvents.input, text);
  }

  /** Type a command and wait until its step completes. */
  async run(command: string, timeoutMs = 15_000): Promise<StepSummary> {
    const n = this.steps.length;
    this.type(`${command}\r`);
    await this.until(() => this.steps.length > n, timeoutMs, `the step of ${JSON.stringify(command)}`);
    return this.steps[n];
  }

  async submit(): Promise<EpisodeResult> {
    this.socket.emit(ClientEvents.submit);
    await this.until(() => this.result !== null, 60_000, "the result");
    return this.result!;
  }

  close(): void {
    this.socket.disconnect();
  }
}
