import type { Sandbox, Tty } from "../sandbox/types";
import { createMarkParser, type ParsedChunk } from "./marks";
import { createStepSegmenter, type CompletedStep, type SegmenterEvent } from "./steps";
import { CastRecorder } from "../recording";
import type { EpisodeWriter, WriterState } from "./EpisodeWriter";
import { pgJson, pgText } from "../db/pgSafe";
import { FlowControl } from "./FlowControl";
import { OutputThrottle } from "./OutputThrottle";
import { OutputBatcher } from "./OutputBatcher";
import { PauseGate } from "./PauseGate";
import { ScreenMirror } from "./ScreenMirror";
import type { ActionExecutor, ExecutedAction } from "./ActionExecutor";
import { TimeLimit, type TimerRule } from "./TimeLimit";
import type { Console, ScoreOutcome, Scorer } from "./console";
import { initialPhase, isBusy, takesInput, transition, type PhaseEvent, type SessionPhase } from "./sessionPhase";
import {
  ServerEvents,
  type EpisodeResult,
  type PlayServerToClient,
  type ScoreView,
  type ScreenHtml,
  type SessionState,
} from "./protocol";
import type { StepSummary } from "../episodes/step";
import type { LiveMessage } from "../replay/liveProtocol";
import type { StoppedStatus } from "../episodes/episodeStatus";

// One live episode: a sandbox TTY, the people and programs looking at it, and everything it records.
// Humans (socket.io) and agents (runAction) drive the same object, so both are stored and replayed alike.
// It knows no environment: steps come from the console's signed marks, and the rest (how an action
// is typed, what submit is, how to stop a command, scoring) from the environment's Console and Scorer.

export interface Viewer {
  id: string;
  /** Players type; spectators only watch (and a human episode's output waits only for its players). */
  canType: boolean;
  emit<E extends keyof PlayServerToClient>(event: E, ...args: Parameters<PlayServerToClient[E]>): void;
}

export interface LiveSessionOptions {
  episodeId: string;
  /** Whose episode: a human's output waits for the player's page; an agent's for no page at all. */
  playerKind: "human" | "agent";
  sandbox: Sandbox;
  tty: Tty;
  /** A fresh console in the same sandbox, when the console exits and the environment restarts it. */
  reopenTty?: (size: { cols: number; rows: number }) => Promise<Tty>;
  console: Console;
  writer: EpisodeWriter;
  scorer: Scorer;
  gold: string;
  cols: number;
  rows: number;
  turnLimit: number | null;
  /** Agents in `intercode` execution: actions run by this instead of being typed (see ActionExecutor.ts). */
  executor?: ActionExecutor | null;
  /** Reaching turnLimit scores the episode as it stands (forcedSubmit), instead of refusing commands until Submit or Skip. */
  scoreAtTurnLimit: boolean;
  /** A time limit for the whole episode (a study's task): scored as it stands when it runs out. */
  timeLimitMs?: number | null;
  timerRule?: TimerRule;
  /** Ctrl-C a command running longer than this (agents: 10 s as InterCode; humans: none). */
  commandTimeoutMs: number | null;
  idleTimeoutMs: number;
  maxObservationBytes: number;
  maxRecordingBytes: number;
  onEnded(session: LiveSession): void;
}

export interface ActionResult {
  step: CompletedStep | null;
  observation: string;
  timedOut: boolean;
  done: boolean;
  result: EpisodeResult | null;
}

const MIRROR = "\0mirror";

/** An agent's action in flight: `lines` of input, and the continuation prompts the console showed since. */
type Waiter = {
  action: string;
  lines: number;
  continuations: number;
  /** The console waited for more after the last line: cancelled, answered once the prompt is back. */
  incomplete: boolean;
  resolve: (r: ActionResult) => void;
  timer: NodeJS.Timeout | null;
  timedOut: boolean;
  /** The action's step, held until the prompt is back: only then can the next action be typed. */
  answer: ActionResult | null;
};

export class LiveSession {
  readonly id: string;
  private viewers = new Map<string, Viewer>();
  private joining = new Map<string, string[]>();
  private listeners = new Set<(msg: LiveMessage) => void>();
  private parser;
  private segmenter;
  private recorder = new CastRecorder();
  private mirror: ScreenMirror;
  private gate: PauseGate;
  private flow: FlowControl;
  private throttle: OutputThrottle;
  private batcher = new OutputBatcher((data) => this.sendOutput(data));
  private steps: CompletedStep[] = [];
  private turns = 0;
  private status: SessionState["status"] = "active";
  private phase: SessionPhase = initialPhase;
  private error: string | null = null;
  private startedAt = new Date();
  private recordedBytes = 0;
  private recordingCut = false;
  private commandTimer: NodeJS.Timeout | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private lastActivity = 0;
  private readyWaiters: Array<() => void> = [];
  private ready = false;
  private actionWaiter: Waiter | null = null;
  private result: EpisodeResult | null = null;
  private ending: Promise<EpisodeResult> | null = null;
  /** A typed submit being scored (answer): endings asked for meanwhile wait for it. */
  private answering: Promise<EpisodeResult | string> | null = null;
  private disposers: Array<{ dispose(): void }> = [];
  /** The current console's terminal and its listeners (a restarted console gets new ones). */
  private tty: Tty;
  private ttyListeners: Array<{ dispose(): void }> = [];
  private timeLimit: TimeLimit | null = null;
  /** intercode execution: when the last executed action's prompt was shown (null: none yet). */
  private executedPromptAt: number | null = null;
  /** The newest step handed to the writer: an agent's answer waits for it to be stored. */
  private lastStepStored: Promise<void> = Promise.resolve();

  constructor(private readonly o: LiveSessionOptions) {
    this.id = o.episodeId;
    this.tty = o.tty;
    this.parser = createMarkParser({ nonce: o.tty.markNonce });
    this.segmenter = createStepSegmenter({ maxObservationBytes: o.maxObservationBytes, now: () => Date.now() });
    this.mirror = new ScreenMirror(o.cols, o.rows);
    this.gate = new PauseGate(
      () => this.tty.pause(),
      () => this.tty.resume(),
    );
    this.flow = new FlowControl({
      pause: () => this.gate.hold("viewers"),
      resume: () => this.gate.release("viewers"),
      caughtUp: (id) => {
        const v = this.viewers.get(id);
        if (v && this.status === "active") void this.sync(v); // an ended episode's mirror is gone
      },
    });
    this.flow.add(MIRROR, true);
    this.throttle = new OutputThrottle(
      () => this.gate.hold("rate"),
      () => this.gate.release("rate"),
    );
    this.record(this.recorder.start(o.cols, o.rows, Date.now()));
    this.listenTo(o.tty);
    this.disposers.push(o.writer.watch((s) => this.onWriterState(s)));
    if (o.timeLimitMs) {
      this.timeLimit = new TimeLimit(o.timeLimitMs, o.timerRule ?? "wall", () => void this.submit().catch(() => {}));
      this.disposers.push(this.timeLimit);
    }
    this.touch();
  }

  private listenTo(tty: Tty): void {
    this.ttyListeners.push(tty.onData((chunk) => this.onOutput(chunk)));
    this.ttyListeners.push(tty.onExit((info) => void this.onConsoleExit(info)));
  }

  /**
   * The console program ended. A command cut off by it (`exit` itself gets no end mark) still becomes
   * a step. If the sandbox lives on and the environment restarts its console, a fresh one takes over
   * the terminal (the files and the episode go on); otherwise the episode ends as an error.
   */
  private async onConsoleExit(info: { exitCode: number | null; reason?: string }): Promise<void> {
    this.onParsed({ display: this.parser.flush(), marks: [] }, Date.now(), this.segmenter.end(Date.now()));
    if (this.ending) return;
    const reason = `the sandbox stopped (${info.reason ?? `exit ${info.exitCode}`})`;
    const restart =
      this.o.console.onExit === "restart" && !!this.o.reopenTty && (await this.o.sandbox.alive().catch(() => false));
    if (this.ending) return;
    if (!restart) {
      void this.end("error", reason);
      return;
    }
    this.step({ type: "consoleExited" });
    this.notice("the console exited; a fresh one starts in the same sandbox (its files are kept)");
    for (const d of this.ttyListeners.splice(0)) d.dispose();
    try {
      const tty = await this.o.reopenTty!(this.mirror.size);
      if (this.ending) return tty.close();
      this.tty = tty;
      this.parser = createMarkParser({ nonce: tty.markNonce });
      this.listenTo(tty);
    } catch (err) {
      void this.end("error", `${reason}; a fresh console did not start: ${(err as Error).message}`);
    }
  }

  /** Feed the phase machine; scoring starts when it says so (a submit, or the turn limit, at the prompt). */
  private step(event: PhaseEvent): void {
    const was = this.phase.phase;
    this.phase = transition(this.phase, event);
    if (this.phase.phase === "scoring" && was !== "scoring" && event.type === "prompt") {
      // A typed submit is scored with what it said (`submit picoCTF{…}`); the turn limit's with nothing.
      const last = this.steps.at(-1);
      void (last && this.o.console.isSubmit(last.action) ? this.answer(last.action) : this.submit());
    }
  }

  state(): SessionState {
    return {
      episodeId: this.id,
      status: this.status,
      phase: this.phase.phase,
      turns: this.turns,
      turnLimit: this.o.turnLimit,
      startedAt: this.startedAt.toISOString(),
      busy: isBusy(this.phase),
      blockedReason: this.phase.blocked,
      error: this.error,
      saving: this.o.writer.state().saving,
      ...(this.timeLimit ? { timeLeftMs: this.timeLimit.leftMs(), timerPaused: this.timeLimit.paused } : {}),
    };
  }

  /** The database is behind: the player sees "saving…"; with the writer's queue full, the terminal waits. */
  private onWriterState(s: WriterState): void {
    if (s.full) this.gate.hold("database");
    else this.gate.release("database");
    this.broadcast(ServerEvents.state, this.state());
  }

  /** The time limit's clock hears whether the player's page is here (rule "connected" pauses without it). */
  private notePresence(): void {
    if (!this.timeLimit) return;
    const was = this.timeLimit.paused;
    this.timeLimit.presence([...this.viewers.values()].some((v) => v.canType));
    if (was !== this.timeLimit.paused) this.broadcast(ServerEvents.state, this.state());
  }

  get sandbox(): Sandbox {
    return this.o.sandbox;
  }

  get finalResult(): EpisodeResult | null {
    return this.result;
  }

  async attach(viewer: Viewer): Promise<void> {
    this.flow.add(viewer.id, viewer.canType && this.o.playerKind === "human");
    if (!(await this.sync(viewer))) return;
    this.viewers.set(viewer.id, viewer);
    this.notePresence();
    viewer.emit(ServerEvents.state, this.state());
    if (this.result) viewer.emit(ServerEvents.result, this.result);
  }

  /**
   * The screen as of now, then everything after it (a new viewer, or a spectator that fell behind):
   * output that arrives while the snapshot is being made is held for this viewer, so nothing is
   * shown twice or lost. False when the viewer left meanwhile.
   */
  private async sync(viewer: Viewer): Promise<boolean> {
    this.batcher.flush();
    const held: string[] = [];
    this.joining.set(viewer.id, held);
    const screen = await this.mirror.snapshot();
    if (this.joining.get(viewer.id) !== held) return false;
    this.joining.delete(viewer.id);
    viewer.emit(ServerEvents.screen, screen);
    for (const data of held) this.emitOutput(viewer, data);
    return true;
  }

  /** Hear what happens from now on (for spectators); returns how to stop listening. */
  subscribe(listener: (msg: LiveMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  detach(viewerId: string): void {
    this.viewers.delete(viewerId);
    this.joining.delete(viewerId);
    this.flow.remove(viewerId);
    this.notePresence();
  }

  input(viewerId: string, data: string): void {
    const v = this.viewers.get(viewerId);
    if (!v?.canType || !takesInput(this.phase)) return;
    this.touch();
    if (this.phase.blocked) {
      v.emit(ServerEvents.error, this.phase.blocked);
      return;
    }
    this.tty.write(data);
    this.recordStream("i", data, Date.now());
  }

  resize(viewerId: string, cols: number, rows: number): void {
    if (!this.viewers.get(viewerId)?.canType) return;
    this.tty.resize(cols, rows);
    this.mirror.resize(cols, rows);
    this.record(this.recorder.resize(cols, rows, Date.now()));
  }

  ack(viewerId: string, bytes: number): void {
    this.flow.acked(viewerId, bytes);
  }

  /** The screen as HTML for a page's first paint: once the prompt is there, or after `waitMs`. */
  async screenHtml(waitMs: number): Promise<ScreenHtml | null> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.whenReady(), new Promise<void>((r) => (timer = setTimeout(r, waitMs)))]);
    clearTimeout(timer);
    return this.status === "active" && !this.ending ? this.mirror.screenHtml() : null;
  }

  /** Wait until the console shows its first prompt. */
  whenReady(): Promise<void> {
    return this.ready ? Promise.resolve() : new Promise((r) => this.readyWaiters.push(r));
  }

  /** Agents: type one action, wait for its step (or the timeout), return the observation. */
  async runAction(action: string, timeoutMs: number): Promise<ActionResult> {
    if (this.status !== "active") throw new Error(`the episode is ${this.status}`);
    if (this.actionWaiter || isBusy(this.phase)) throw new Error("another action is still running");
    if (this.phase.blocked) throw new Error(this.phase.blocked);
    await this.whenReady();
    this.touch();
    return this.onceStored(
      await (this.o.executor ? this.runExecuted(action, timeoutMs, this.o.executor) : this.typeAction(action, timeoutMs)),
    );
  }

  /** An agent hears of its step only once the step is stored; if it cannot be, the answer is the episode's error. */
  private async onceStored(r: ActionResult): Promise<ActionResult> {
    if (!r.step || r.done) return r;
    try {
      await this.lastStepStored;
      return r;
    } catch (err) {
      return { ...r, step: null, done: true, result: await this.end("error", (err as Error).message) };
    }
  }

  private typeAction(action: string, timeoutMs: number): Promise<ActionResult> {
    return new Promise<ActionResult>((resolve) => {
      const waiter: Waiter = {
        action,
        lines: action.split("\n").length,
        continuations: 0,
        incomplete: false,
        resolve,
        timer: null,
        timedOut: false,
        answer: null,
      };
      waiter.timer = setTimeout(() => {
        waiter.timedOut = true;
        this.interrupt();
      }, timeoutMs);
      this.actionWaiter = waiter;
      const text = this.o.console.typeAction(action);
      this.tty.write(text);
      this.recordStream("i", text, Date.now());
    });
  }

  /**
   * An action run by the executor, outside the terminal: the screen, the recording and the steps get
   * the command and its output as if it had been typed there, so watching and replay work alike.
   */
  private async runExecuted(action: string, timeoutMs: number, execute: ActionExecutor): Promise<ActionResult> {
    const index = this.steps.length;
    const promptAt = this.executedPromptAt;
    if (promptAt === null)
      this.notice("intercode execution: each action runs on its own (bash -c as root, no terminal); only cd carries over");
    const startedAt = Date.now();
    const submit = this.o.console.isSubmit(action);
    this.step({ type: "executing", submit });
    this.show(`${action.replace(/\n/g, "\r\n")}\r\n`);
    this.record(this.recorder.marker(`turn ${index}`, startedAt));
    this.broadcast(ServerEvents.state, this.state());
    if (submit) {
      const step = executedStep(
        index,
        action,
        { observation: "", exitCode: 0, timedOut: false, truncated: false },
        promptAt,
        startedAt,
      );
      this.onStepCompleted(step);
      const answered = await this.answer(action);
      if (typeof answered !== "string") return { step: null, observation: "", timedOut: false, done: true, result: answered };
      this.executedPromptAt = Date.now();
      return { step, observation: answered, timedOut: false, done: false, result: null };
    }
    let r;
    try {
      r = await execute(action, timeoutMs);
    } catch (err) {
      this.step({ type: "prompt" });
      throw err;
    }
    const out = r.observation.replace(/\r?\n/g, "\r\n");
    this.show(`${out}${out && !out.endsWith("\n") ? "\r\n" : ""}${r.prompt}`);
    this.executedPromptAt = Date.now();
    const step = executedStep(index, action, r, promptAt, startedAt);
    this.onStepCompleted(step);
    // The step's end is this execution's prompt: a submit due at the turn limit happens here (as at a console's prompt).
    const due = this.phase.submitDue;
    this.phase = transition(this.phase, { type: "prompt" });
    const observation = this.o.console.observationOf?.(step) ?? r.observation;
    if (due) return { step, observation, timedOut: r.timedOut, done: true, result: await this.submit() };
    return { step, observation, timedOut: r.timedOut, done: false, result: null };
  }

  /**
   * A submit typed with its answer (at the prompt, or an agent's action): scored, and the episode
   * ends — unless the environment lets a wrong answer go on (ScoreOutcome.tryAgain) and a turn is
   * left: then the submit is a turn with its reward, the player is told, and play continues. Returns
   * the episode's result, or what the player was told.
   */
  private answer(submitted: string): Promise<EpisodeResult | string> {
    return (this.answering ??= this.scoreAnswer(submitted).finally(() => (this.answering = null)));
  }

  private async scoreAnswer(submitted: string): Promise<EpisodeResult | string> {
    if (this.ending) return this.ending;
    this.step({ type: "submit" });
    let outcome: ScoreOutcome | Error;
    try {
      outcome = await this.o.scorer.score({
        sandbox: this.o.sandbox,
        steps: this.steps.filter((s) => !this.o.console.isSubmit(s.action)),
        submitted,
      });
    } catch (err) {
      outcome = err as Error;
    }
    if (this.ending) return this.ending; // skipped, abandoned or failed while it was scored
    const lastTurn = this.o.turnLimit !== null && this.turns + 1 >= this.o.turnLimit;
    if (outcome instanceof Error || !outcome.tryAgain || lastTurn)
      return (this.ending ??= this.finish("submitted", submitted, outcome));
    this.goOn(outcome.scores, outcome.tryAgain);
    return outcome.tryAgain;
  }

  /** A wrong answer that goes on: the submit step keeps its reward and counts as a turn, and the prompt is the player's again. */
  /** The plateau reward on the step it was given at, as InterCode logs a reward per turn. */
  private storeStepReward(step: { index: number }, scores: ScoreView[]): void {
    const reward = scores.find((s) => s.mode === "plateau");
    if (!reward) return;
    this.o.writer
      .write((p) =>
        p.step.update({
          where: { episodeId_index: { episodeId: this.id, index: step.index } },
          data: { reward: reward.reward },
        }),
      )
      .catch(() => {});
  }

  private goOn(scores: ScoreView[], told: string): void {
    const last = this.steps.at(-1);
    if (last) this.storeStepReward(last, scores);
    this.turns += 1;
    this.step({ type: "goOn" });
    this.notice(told);
    this.broadcast(ServerEvents.state, this.state());
    const w = this.actionWaiter;
    if (w && last) {
      if (w.timer) clearTimeout(w.timer);
      this.actionWaiter = null;
      w.resolve({ step: last, observation: told, timedOut: false, done: false, result: null });
    }
  }

  /** Score the episode and end it. Safe to call twice: the second call gets the same result. */
  submit(submitted = "submit"): Promise<EpisodeResult> {
    return this.afterAnswer(() => (this.ending ??= this.finish("submitted", submitted)));
  }

  skip(): Promise<EpisodeResult> {
    return this.afterAnswer(() => (this.ending ??= this.finish("skipped")));
  }

  end(status: StoppedStatus, error?: string): Promise<EpisodeResult> {
    return this.afterAnswer(() => {
      if (error) this.error = error;
      return (this.ending ??= this.finish(status));
    });
  }

  /**
   * An ending asked for while a typed answer is being scored waits for it: a right answer (or one
   * that does not go on) ends the episode submitted, as it did before answers could go on; a wrong
   * one that went on then ends as asked.
   */
  private afterAnswer(then: () => Promise<EpisodeResult>): Promise<EpisodeResult> {
    const answering = this.answering;
    return answering ? answering.then((r) => (typeof r === "string" ? then() : r), then) : then();
  }

  private onOutput(chunk: string): void {
    const now = Date.now();
    this.throttle.consumed(chunk.length);
    const parsed = this.parser.push(chunk);
    this.onParsed(parsed, now, this.segmenter.push(parsed, now));
    // The parser holds back what may be the start of a mark; after a quiet moment, it is just text.
    // Armed only then: a timer per chunk was one more wake-up of the server per keystroke.
    if (this.parser.holding) this.armIdleFlush();
    else if (this.flushTimer) {
      clearTimeout(this.flushTimer);
      this.flushTimer = null;
    }
  }

  /**
   * Quiet only counts while the terminal is read: a paused TTY (rate cap, a slow page) stops a long
   * mark (a 633;R result) midway, and releasing it then would show its base64 and lose the result.
   */
  private armIdleFlush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = setTimeout(() => {
      if (this.gate.held) return this.armIdleFlush();
      const rest = this.parser.flush();
      if (rest) this.onParsed({ display: rest, marks: [] }, Date.now(), []);
    }, 50);
  }

  private onParsed(parsed: ParsedChunk, now: number, events: SegmenterEvent[]): void {
    if (parsed.display) {
      // The mirror is one more reader that can fall behind: it acknowledges what it has parsed.
      const n = parsed.display.length;
      this.flow.sent(MIRROR, n);
      this.mirror.write(parsed.display, () => this.flow.acked(MIRROR, n));
      this.batcher.push(parsed.display);
      this.recordStream("o", parsed.display, now);
    }
    for (const ev of events) {
      if (ev.type === "prompt") this.onPrompt();
      else if (ev.type === "commandStarted") this.onCommandStarted(ev.action, ev.index);
      else if (ev.type === "stepCompleted") this.onStepCompleted(ev.step);
      else if (ev.type === "continuation") this.onContinuation();
    }
  }

  private onPrompt(): void {
    const w = this.actionWaiter;
    const incomplete = this.o.console.incomplete;
    if (w?.incomplete && !w.answer && incomplete) {
      for (const ev of this.segmenter.reject(w.action, incomplete.observation, incomplete.exitCode))
        if (ev.type === "stepCompleted") this.onStepCompleted(ev.step);
    }
    if (w?.answer && this.actionWaiter === w) {
      this.actionWaiter = null;
      w.resolve(w.answer);
    }
    if (!this.ready) {
      this.ready = true;
      for (const r of this.readyWaiters.splice(0)) r();
    }
    this.step({ type: "prompt" });
  }

  /**
   * The console shows its continuation prompt. A person goes on typing; an agent's action is complete
   * input, so once every line of it is in and the console still waits, it is cancelled (Ctrl-C) and
   * stored as a step that did not run, instead of hanging until the timeout.
   */
  private onContinuation(): void {
    const w = this.actionWaiter;
    const incomplete = this.o.console.incomplete;
    if (!w || !incomplete || w.incomplete || isBusy(this.phase) || ++w.continuations < w.lines) return;
    w.incomplete = true;
    this.step({ type: "incomplete" }); // busy until the prompt is back: typing on now would be flushed with the Ctrl-C
    // Again until the prompt is back: a Ctrl-C that lands while readline switches modes can be lost.
    const cancel = () => {
      if (this.actionWaiter !== w || this.phase.phase !== "cancelling") return;
      this.tty.write("\x03");
      setTimeout(cancel, 500);
    };
    cancel();
    this.notice(incomplete.notice);
  }

  private onCommandStarted(action: string, index: number): void {
    this.step({ type: "commandStarted", submit: this.o.console.isSubmit(action) });
    this.record(this.recorder.marker(`turn ${index}`, Date.now()));
    if (this.o.commandTimeoutMs && !this.actionWaiter) {
      this.commandTimer = setTimeout(() => this.interrupt(), this.o.commandTimeoutMs);
    }
    this.broadcast(ServerEvents.state, this.state());
  }

  private onStepCompleted(step: CompletedStep): void {
    if (this.commandTimer) clearTimeout(this.commandTimer);
    this.commandTimer = null;
    const submit = this.o.console.isSubmit(step.action);
    this.steps.push(step);
    if (!submit) this.turns += 1;
    // A step's part of the recording begins at its prompt, so replay shows the command being typed.
    const start = this.recorder.timeOf(step.promptAt ?? step.startedAt);
    const stored = this.o.writer.step(
      {
        index: step.index,
        action: step.action,
        observation: step.observation,
        observationAnsi: step.observationAnsi,
        truncated: step.truncated,
        exitCode: step.exitCode,
        admissible: step.admissible,
        result: step.result,
        startedAt: new Date(step.startedAt),
        durationMs: step.durationMs,
        castStart: start,
        castEnd: this.recorder.timeOf(step.endedAt),
      },
      this.turns,
    );
    const summary: StepSummary = {
      index: step.index,
      action: step.action,
      exitCode: step.exitCode,
      admissible: step.admissible,
      durationMs: step.durationMs,
      truncated: step.truncated,
    };
    this.lastStepStored = stored;
    // Announce a step once it is stored, so whoever hears of it can read it from the database.
    // (Not stored: the writer gave up and the episode ends as error; nobody hears of the step.)
    stored.then(
      () => {
        this.broadcast(ServerEvents.step, summary);
        this.tell({
          type: "step",
          step: {
            index: step.index,
            action: step.action,
            observation: step.observation,
            exitCode: step.exitCode,
            admissible: step.admissible,
            durationMs: step.durationMs,
            truncated: step.truncated,
            castStart: start,
            castEnd: this.recorder.timeOf(step.endedAt),
          },
        });
      },
      () => {},
    );
    if (this.o.turnLimit !== null && this.turns >= this.o.turnLimit && !submit) {
      // Scored at the prompt (onPrompt), once the step is in: as the agent API's forced submit.
      const reason = `Turn limit reached (${this.o.turnLimit}): ${this.o.scoreAtTurnLimit ? "the episode is scored as it stands" : "submit or skip"}.`;
      this.step({ type: "stepCompleted", limit: { reason, scoreAsItStands: this.o.scoreAtTurnLimit } });
      this.notice(reason);
    }
    this.broadcast(ServerEvents.state, this.state());
    const w = this.actionWaiter;
    if (w && !submit && !w.answer) {
      if (w.timer) clearTimeout(w.timer);
      const shown = this.o.console.observationOf?.(step) ?? step.observation;
      const observation = w.timedOut ? `${shown}${shown ? "\n" : ""}Command timed out` : shown;
      // Given at the next prompt (onPrompt): an answer given before it would let the agent type its
      // next action while bash is still busy.
      w.answer = { step, observation, timedOut: w.timedOut, done: false, result: null };
    }
  }

  /** Ctrl-C, then the environment's harder stop if the command ignores it. */
  private interrupt(): void {
    this.tty.write("\x03");
    setTimeout(() => {
      if (this.phase.phase === "running") void this.o.console.forceStop?.(this.o.sandbox).catch(() => {});
    }, 2000);
  }

  private sendOutput(data: string): void {
    for (const held of this.joining.values()) held.push(data);
    for (const v of this.viewers.values()) if (!this.joining.has(v.id) && !this.flow.isBehind(v.id)) this.emitOutput(v, data);
  }

  private emitOutput(v: Viewer, data: string): void {
    v.emit(ServerEvents.output, data);
    this.flow.sent(v.id, data.length);
  }

  private notice(text: string): void {
    this.show(`\r\n\x1b[33m[plateau] ${text}\x1b[0m\r\n`);
  }

  /** Text on the screen that did not come from the sandbox's terminal. */
  private show(text: string): void {
    this.mirror.write(text);
    this.batcher.push(text);
    this.recordStream("o", text, Date.now());
  }

  /** Output and input share one cap: a paste of megabytes with echo off is a flood too. */
  private recordStream(code: "o" | "i", data: string, at: number): void {
    if (this.recordingCut) return;
    this.recordedBytes += data.length;
    if (this.recordedBytes > this.o.maxRecordingBytes) {
      // Keep the database bounded under a flood: say where the recording stops, keep the steps.
      this.recordingCut = true;
      this.record(this.recorder.marker(`recording truncated after ${this.o.maxRecordingBytes} bytes`, at));
      return;
    }
    this.record(code === "o" ? this.recorder.output(data, at) : this.recorder.input(data, at));
  }

  private record(ev: { seq: number; time: number; code: "o" | "i" | "r" | "m"; data: string }): void {
    this.o.writer.event(ev);
    this.tell({ type: "event", event: ev });
  }

  private tell(msg: LiveMessage): void {
    for (const l of this.listeners) l(msg);
  }

  private broadcast<E extends keyof PlayServerToClient>(event: E, ...args: Parameters<PlayServerToClient[E]>): void {
    this.batcher.flush(); // output first, then what it led to
    for (const v of this.viewers.values()) v.emit(event, ...args);
  }

  /**
   * Activity puts off the end as abandoned. One timer, which looks at the last activity when it
   * fires, not one replaced at every keystroke (each a timer object on the thread every echo waits for).
   */
  private touch(): void {
    this.lastActivity = Date.now();
    this.idleTimer ??= this.idleCheck(this.o.idleTimeoutMs);
  }

  private idleCheck(ms: number): NodeJS.Timeout {
    return setTimeout(() => {
      const left = this.lastActivity + this.o.idleTimeoutMs - Date.now();
      this.idleTimer = left > 0 ? this.idleCheck(left) : null;
      if (left <= 0) void this.end("abandoned", "idle for too long");
    }, ms);
  }

  /** `scored`: the submit's scoring when it was already done (answer), its failure included. */
  private async finish(
    status: EpisodeResult["status"],
    submitted?: string,
    scored?: ScoreOutcome | Error,
  ): Promise<EpisodeResult> {
    this.step(status === "submitted" ? { type: "submit" } : { type: "end", status });
    const isSubmit = (s: CompletedStep) => this.o.console.isSubmit(s.action);
    let scores: ScoreView[] = [];
    if (status === "submitted") {
      try {
        if (scored instanceof Error) throw scored;
        ({ scores } =
          scored ??
          (await this.o.scorer.score({
            sandbox: this.o.sandbox,
            steps: this.steps.filter((s) => !isSubmit(s)),
            submitted: submitted ?? "submit",
          })));
      } catch (err) {
        status = "error";
        this.error = `scoring failed: ${(err as Error).message}`;
      }
    }
    this.status = status;
    this.result = {
      status,
      scores,
      gold: status === "submitted" || status === "skipped" ? this.o.gold : null,
      error: this.error,
    };
    const last = this.steps.at(-1);
    if (last && isSubmit(last)) this.storeStepReward(last, scores);
    try {
      await this.storeEnd(status, scores);
    } catch (err) {
      // Never a result shown that is not stored: the player sees why instead.
      this.status = status = "error";
      this.error = (err as Error).message;
      this.result = { status, scores: [], gold: null, error: this.error };
    }
    this.step({ type: "ended" });
    this.broadcast(ServerEvents.state, this.state());
    this.broadcast(ServerEvents.result, this.result);
    this.tell({ type: "ended", status });
    this.listeners.clear();
    const w = this.actionWaiter;
    this.actionWaiter = null;
    if (w) w.resolve({ ...(w.answer ?? { step: null, observation: "", timedOut: false }), done: true, result: this.result });
    this.dispose();
    this.o.onEnded(this);
    return this.result;
  }

  /** The episode's end and scores, after everything before them; rejects when the writer gave up. */
  private async storeEnd(status: EpisodeResult["status"], scores: ScoreView[]): Promise<void> {
    await this.o.writer.write((p) =>
      p.$transaction([
        p.episode.update({
          where: { id: this.id },
          data: {
            status,
            endedAt: new Date(),
            turns: this.turns,
            error: this.error == null ? null : pgText(this.error),
            errorRate: errorRate(this.steps.filter((s) => !this.o.console.isSubmit(s.action))),
          },
        }),
        ...scores.map((s) =>
          p.score.create({
            data: {
              episodeId: this.id,
              mode: s.mode,
              reward: s.reward,
              success: s.success,
              version: s.version,
              breakdown: pgJson(s.breakdown) as object,
              gold: (s.gold == null ? undefined : pgJson(s.gold)) as object | undefined,
              // the turn the scorer says the success was decided at (mucode: the judged code's), else the submit's
              maxRewardIdx: Math.max(0, this.turns - 1),
              solvedAtTurn: s.success ? (s.solvedAtTurn ?? Math.max(1, this.turns)) : null,
            },
          }),
        ),
      ]),
    );
    await this.o.writer.drain();
  }

  private dispose(): void {
    if (this.commandTimer) clearTimeout(this.commandTimer);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.throttle.dispose();
    for (const d of [...this.disposers.splice(0), ...this.ttyListeners.splice(0)]) d.dispose();
    this.tty.close();
    this.mirror.dispose();
  }
}

function executedStep(
  index: number,
  action: string,
  r: Pick<ExecutedAction, "observation" | "exitCode" | "timedOut" | "truncated" | "result">,
  promptAt: number | null,
  startedAt: number,
): CompletedStep {
  const endedAt = Date.now();
  return {
    index,
    action,
    actionProblem: null,
    observation: r.observation,
    observationAnsi: r.observation,
    exitCode: r.exitCode,
    admissible: r.exitCode === 0 && !r.timedOut,
    result: r.result ?? null,
    truncated: r.truncated,
    outputBytes: Buffer.byteLength(r.observation),
    promptAt,
    startedAt,
    endedAt,
    durationMs: endedAt - startedAt,
  };
}

/** InterCode's Error %: share of inadmissible actions (submit excluded by the caller); no actions counts as 1. */
function errorRate(actions: CompletedStep[]): number {
  return actions.length === 0 ? 1 : actions.filter((s) => !s.admissible).length / actions.length;
}
