import type { Mark, ParsedChunk } from "../marks/types";
import { createBoundedText, type BoundedText } from "./createBoundedText";
import { plainText } from "./plainText";
import type { ActionProblem, SegmenterEvent, StepSegmenter, StepSegmenterOptions } from "./types";

interface OpenStep {
  index: number;
  action: string;
  actionProblem: ActionProblem;
  promptAt: number | null;
  startedAt: number;
  output: BoundedText;
  result: unknown;
}

/**
 * Cuts a marked terminal stream into steps. A step is one command line the shell accepted:
 * 633;E (the command line) + 133;C (its output starts) … 133;D;<exit> (it finished). What the
 * terminal showed in between is the observation. Prompts without a command (an empty Enter,
 * Ctrl-C at the prompt) make no step; a 133;D with no command running is ignored.
 */
export function createStepSegmenter(opts: StepSegmenterOptions): StepSegmenter {
  let nextIndex = 0;
  let commandLine: { text: string; problem: ActionProblem } | null = null;
  let open: OpenStep | null = null;
  let promptAt: number | null = null;

  function complete(exitCode: number | null, at: number, events: SegmenterEvent[]): void {
    if (!open) return;
    const s = open;
    open = null;
    const observationAnsi = s.output.text();
    const plain = createBoundedText(opts.maxObservationBytes);
    plain.append(plainText(observationAnsi));
    events.push({
      type: "stepCompleted",
      step: {
        index: s.index,
        action: s.action,
        actionProblem: s.actionProblem,
        observationAnsi,
        observation: plain.text(),
        exitCode,
        admissible: exitCode === 0,
        result: s.result,
        truncated: s.output.truncated || plain.truncated,
        outputBytes: s.output.bytesSeen,
        promptAt: s.promptAt,
        startedAt: s.startedAt,
        endedAt: at,
        durationMs: Math.max(0, at - s.startedAt),
      },
    });
  }

  function onMark(mark: Mark, at: number, events: SegmenterEvent[]): void {
    switch (mark.kind) {
      case "promptStart": // a prompt while a command runs: its end mark was lost; end it here
        complete(null, at, events);
        commandLine = null;
        break;
      case "promptEnd":
        promptAt = at;
        events.push({ type: "prompt", at });
        break;
      case "commandLine":
        complete(null, at, events);
        commandLine = { text: mark.commandLine ?? "", problem: mark.undecoded ? "undecoded" : null };
        break;
      case "outputStart": {
        if (open) break; // a repeated 133;C belongs to the command already running
        const line = commandLine ?? { text: "", problem: "missing" as const };
        commandLine = null;
        open = {
          index: nextIndex++,
          action: line.text,
          actionProblem: line.problem,
          promptAt,
          startedAt: at,
          output: createBoundedText(opts.maxObservationBytes),
          result: null,
        };
        events.push({ type: "commandStarted", index: open.index, action: open.action, actionProblem: open.actionProblem, at });
        break;
      }
      case "commandEnd":
        complete(mark.exitCode ?? null, at, events);
        break;
      case "continuation":
        if (!open) events.push({ type: "continuation", at });
        break;
      case "result": // the running step's structured result; a second one replaces the first
        if (open && mark.result !== undefined) open.result = mark.result;
        break;
    }
  }

  return {
    push(parsed: ParsedChunk, at = opts.now()): SegmenterEvent[] {
      const events: SegmenterEvent[] = [];
      let from = 0;
      for (const mark of parsed.marks) {
        open?.output.append(parsed.display.slice(from, mark.offset));
        from = mark.offset;
        onMark(mark, at, events);
      }
      open?.output.append(from === 0 ? parsed.display : parsed.display.slice(from));
      return events;
    },
    reject(action: string, observation: string, exitCode: number, at = opts.now()): SegmenterEvent[] {
      const events: SegmenterEvent[] = [];
      complete(null, at, events);
      commandLine = null;
      open = {
        index: nextIndex++,
        action,
        actionProblem: null,
        promptAt,
        startedAt: at,
        output: createBoundedText(opts.maxObservationBytes),
        result: null,
      };
      open.output.append(observation);
      complete(exitCode, at, events);
      return events;
    },
    end(at = opts.now()): SegmenterEvent[] {
      const events: SegmenterEvent[] = [];
      complete(null, at, events);
      commandLine = null;
      return events;
    },
  };
}
