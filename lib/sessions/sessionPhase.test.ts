import { describe, expect, it } from "vitest";
import { initialPhase, isBusy, takesInput, transition, type PhaseEvent, type SessionPhase } from "./sessionPhase";

const at = (phase: SessionPhase["phase"], over: Partial<SessionPhase> = {}): SessionPhase => ({
  phase,
  submitDue: false,
  blocked: null,
  ...over,
});
const limit = (scoreAsItStands: boolean) =>
  ({ type: "stepCompleted", limit: { reason: "Turn limit reached (3)", scoreAsItStands } }) as const;

describe("live session phases", () => {
  const table: Array<{ name: string; from: SessionPhase; event: PhaseEvent; to: SessionPhase }> = [
    { name: "the first prompt makes it ready", from: initialPhase, event: { type: "prompt" }, to: at("ready") },
    { name: "a command starts running", from: at("ready"), event: { type: "commandStarted", submit: false }, to: at("running") },
    {
      name: "typed submit runs, then scores at the prompt",
      from: at("ready"),
      event: { type: "commandStarted", submit: true },
      to: at("running", { submitDue: true }),
    },
    {
      name: "the prompt after a submit scores",
      from: at("running", { submitDue: true }),
      event: { type: "prompt" },
      to: at("scoring", { blocked: "Scoring…" }),
    },
    { name: "the prompt after a command is ready again", from: at("running"), event: { type: "prompt" }, to: at("ready") },
    { name: "an executed action runs", from: at("ready"), event: { type: "executing", submit: false }, to: at("running") },
    {
      name: "a step stays running until the prompt",
      from: at("running"),
      event: { type: "stepCompleted", limit: null },
      to: at("running"),
    },
    {
      name: "the last turn blocks further commands",
      from: at("running"),
      event: limit(false),
      to: at("running", { blocked: "Turn limit reached (3)" }),
    },
    {
      name: "the last turn scores as it stands at the prompt",
      from: at("running"),
      event: limit(true),
      to: at("running", { blocked: "Turn limit reached (3)", submitDue: true }),
    },
    { name: "an incomplete agent action is cancelled", from: at("ready"), event: { type: "incomplete" }, to: at("cancelling") },
    {
      name: "a continuation while running is not a cancel",
      from: at("running"),
      event: { type: "incomplete" },
      to: at("running"),
    },
    { name: "the cancelled action's prompt is ready", from: at("cancelling"), event: { type: "prompt" }, to: at("ready") },
    { name: "exit restarts the console", from: at("running"), event: { type: "consoleExited" }, to: at("restarting") },
    { name: "the fresh console's prompt is ready", from: at("restarting"), event: { type: "prompt" }, to: at("ready") },
    {
      name: "a console that cannot restart ends the episode as an error",
      from: at("running"),
      event: { type: "end", status: "error" },
      to: at("ending", { blocked: "The episode is error." }),
    },
    { name: "Submit scores at once", from: at("ready"), event: { type: "submit" }, to: at("scoring", { blocked: "Scoring…" }) },
    {
      name: "Skip ends",
      from: at("running"),
      event: { type: "end", status: "skipped" },
      to: at("ending", { blocked: "The episode is skipped." }),
    },
    {
      name: "scoring ignores the console",
      from: at("scoring", { blocked: "Scoring…" }),
      event: { type: "commandStarted", submit: false },
      to: at("scoring", { blocked: "Scoring…" }),
    },
    {
      name: "scoring ignores a second submit",
      from: at("scoring", { blocked: "Scoring…" }),
      event: { type: "end", status: "abandoned" },
      to: at("scoring", { blocked: "Scoring…" }),
    },
    {
      name: "scoring ends",
      from: at("scoring", { blocked: "Scoring…" }),
      event: { type: "ended" },
      to: at("ended", { blocked: "Scoring…" }),
    },
    {
      name: "a wrong answer the environment lets go on is back at the prompt",
      from: at("scoring", { blocked: "Scoring…" }),
      event: { type: "goOn" },
      to: at("ready"),
    },
    { name: "an executed wrong answer goes on too", from: at("running"), event: { type: "goOn" }, to: at("ready") },
    {
      name: "an ending never goes on",
      from: at("ending", { blocked: "The episode is skipped." }),
      event: { type: "goOn" },
      to: at("ending", { blocked: "The episode is skipped." }),
    },
    { name: "ended is final", from: at("ended"), event: { type: "prompt" }, to: at("ended") },
  ];
  for (const { name, from, event, to } of table) {
    it(name, () => expect(transition(from, event)).toEqual(to));
  }

  it("is busy exactly while something runs", () => {
    const busy = (["starting", "ready", "running", "cancelling", "restarting", "scoring", "ending", "ended"] as const).filter(
      (p) => isBusy(at(p)),
    );
    expect(busy).toEqual(["running", "cancelling", "restarting"]);
  });

  it("takes the player's keys until the episode ends, except while the console restarts", () => {
    const open = (["starting", "ready", "running", "cancelling", "restarting", "scoring", "ending", "ended"] as const).filter(
      (p) => takesInput(at(p)),
    );
    expect(open).toEqual(["starting", "ready", "running", "cancelling"]);
  });
});
