// Plateau's own prompts for the Bash environment, with InterCode's structure: a system message, the
// query, then one user message per observation (and a retry message when a reply had no action).

export interface PromptContext {
  /** Seconds after which a command is stopped. */
  timeoutSeconds: number;
}

const FORMAT = "Write exactly one bash command in a single code block:\n```bash\n<command>\n```";

export const bashPrompts = {
  tryAgainSystem: (c: PromptContext) =>
    [
      "You are an expert user of the Bash shell on Linux, working in a terminal to do a task.",
      `Every reply of yours is one command. ${FORMAT}`,
      "After each command you see its output and exit code, and may run another command. The shell keeps its state (working directory, variables) between commands.",
      "The task is judged on the final state of the file system and on the output of your last command. When the file system and your last output answer the task, reply with:\n```submit```",
      `Do not start interactive programs (editors, pagers, shells); a command still running after ${c.timeoutSeconds} seconds is stopped.`,
    ].join("\n\n"),

  singleTurnSystem: (c: PromptContext) =>
    [
      "You are an expert user of the Bash shell on Linux. You get one task and exactly one command to do it.",
      FORMAT,
      "The task is judged on the final state of the file system and on the output of your command.",
      `Do not start interactive programs; a command still running after ${c.timeoutSeconds} seconds is stopped.`,
    ].join("\n\n"),

  reactSystem: (c: PromptContext) =>
    [
      "Do a task in a Bash terminal on Linux by interleaving Thought and Action steps.",
      "A Thought reasons about what you know and what to do next. An Action is one of:\n" +
        "(1) execute[<bash command>] — runs the command; you then get an Observation with its output.\n" +
        "(2) submit — ends the task. It is judged on the final file system and on the output of your last command.",
      "Reply with one Thought and one Action, nothing else:\nThought: <reasoning>\nAction: execute[<command>]",
      "Example.\nTask: How many lines does /data/notes.txt have?\n" +
        "Thought: wc -l counts lines; reading from stdin keeps the file name out of the output.\n" +
        "Action: execute[wc -l < /data/notes.txt]\n" +
        "Observation: 12\n" +
        "Thought: The output is the number of lines, which answers the task.\n" +
        "Action: submit",
      `Do not start interactive programs; a command still running after ${c.timeoutSeconds} seconds is stopped.`,
    ].join("\n\n"),

  planSystem: () =>
    [
      "You are an expert user of the Bash shell on Linux. You will get a task to do in a terminal.",
      "First write a plan: a numbered list (1., 2., …) of short steps, each small enough for one bash command. The output of the last step should answer the task. Write only the plan.",
    ].join("\n\n"),

  executePlanSystem: (c: PromptContext) =>
    [
      "Now carry out the plan one step at a time. For each step you are shown, reply with the bash command for that step only.",
      FORMAT,
      `You will see each command's output before the next step. Do not start interactive programs; a command still running after ${c.timeoutSeconds} seconds is stopped.`,
    ].join("\n\n"),

  query: (query: string) => `Task: ${query}`,

  /** What the model sees after a command. */
  observation: (text: string, exitCode: number | null, timedOut: boolean) =>
    [`Output:\n${text === "" ? "(no output)" : text}`, ...outcomeLines(exitCode, timedOut)].join("\n"),

  reactObservation: (text: string, exitCode: number | null, timedOut: boolean) =>
    `Observation: ${text === "" ? "(no output)" : text}${reactOutcome(exitCode, timedOut)}`,

  planStep: (step: string) => `Step: ${step}`,

  /** After a reply without a usable action (InterCode's retry message, in our words). */
  retry: (reason: string) =>
    `Your last reply had no command to run (${reason}). ${FORMAT}\nWhen you are done, reply with \`\`\`submit\`\`\`.`,

  reactRetry: (reason: string) =>
    `Observation: your last reply could not be used (${reason}). Reply with one Thought and one Action: execute[<command>] or submit.`,
};

/** How a command ended, under its output: stopped at the timeout, or a non-zero exit code. */
export function outcomeLines(exitCode: number | null, timedOut: boolean): string[] {
  if (timedOut) return ["(the command was stopped: it ran too long)"];
  return exitCode !== null && exitCode !== 0 ? [`Exit code: ${exitCode}`] : [];
}

/** The same in a ReAct observation. */
export function reactOutcome(exitCode: number | null, timedOut: boolean): string {
  return timedOut ? "\n(the command was stopped: it ran too long)" : exitCode ? `\n(exit code ${exitCode})` : "";
}

/** An action as the model should have written it: what the dialogue shows as the assistant's turn. */
export function asCodeBlock(action: string): string {
  return action.trim() === "submit" ? "```submit```" : `\`\`\`bash\n${action}\n\`\`\``;
}
