import type { ReplayRecording, ScreenEvent } from "./types";

// An episode imported from logs has actions and observations but no terminal recording. Its
// replay is made from them: for each step the prompt, the action, a newline, the observation,
// in order, at a steady pace (the step's duration when the log has one).

export interface SynthStep {
  action: string;
  observation: string;
  durationMs: number | null;
}

const PROMPTS: Record<string, [string, string]> = {
  bash: ["$ ", "> "],
  ctf: ["$ ", "> "],
  sql: ["mysql> ", "    -> "],
  python: [">>> ", "... "],
};
const GREEN = "\x1b[32m";
const RESET = "\x1b[0m";
/** Seconds between a prompt and its action. */
const THINK = 0.5;
const DEFAULT_RUN = 1;

/** The prompt an environment shows before an action, and before each further line of it. */
export function promptFor(environment: string): [first: string, more: string] {
  return PROMPTS[environment] ?? PROMPTS.bash;
}

/**
 * Text from a log, made safe and faithful on a terminal: lines end in CRLF, and control
 * characters (escape sequences included) show as visible symbols instead of acting.
 */
export function terminalText(s: string): string {
  return s
    .replace(/\r\n?/g, "\n")
    .replace(/[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]/g, (c) => {
      const code = c.charCodeAt(0);
      return code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? "\u2421" : "\ufffd";
    })
    .replace(/\n/g, "\r\n");
}

export function synthesizeRecording(
  steps: readonly SynthStep[],
  opts: { environment: string; cols?: number; rows?: number },
): ReplayRecording {
  const [ps1, ps2] = promptFor(opts.environment);
  const prompt = `${GREEN}${ps1}${RESET}`;
  const events: ScreenEvent[] = [];
  const spans: [number, number][] = [];
  let t = 0;
  events.push([t, "o", prompt]);
  for (const step of steps) {
    t += THINK;
    const start = t;
    const action = terminalText(step.action).replace(/\r\n/g, `\r\n${GREEN}${ps2}${RESET}`);
    events.push([round(t), "o", `${action}\r\n`]);
    t += step.durationMs != null && step.durationMs >= 0 ? step.durationMs / 1000 : DEFAULT_RUN;
    // The output and the next prompt arrive together, so the screen at a step's end shows both.
    const out = terminalText(step.observation);
    events.push([round(t), "o", `${out && !out.endsWith("\r\n") ? `${out}\r\n` : out}${prompt}`]);
    spans.push([round(start), round(t)]);
  }
  return {
    cols: opts.cols ?? 100,
    rows: opts.rows ?? 30,
    events,
    snapshots: [],
    lastSeq: -1,
    synthesized: true,
    stepSpans: spans,
  };
}

function round(t: number): number {
  return Math.round(t * 1e6) / 1e6;
}
