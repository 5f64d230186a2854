import { parseCodeBlock } from "./parseCodeBlock";

// ReAct replies: "Thought: …" then "Action: execute[<command>]" or "Action: submit" (InterCode's
// action syntax). Whatever the model wrote after the action (an invented "Observation:") is ignored.

export type ParsedReAct = { thought: string; action: string } | { thought: string; error: string };

const ACTION_LINE = /^[ \t]*\**Action(?:[ \t]*\d+)?\**[ \t]*:[ \t]*/im;
const OBSERVATION = /\n[ \t]*\**Observation(?:[ \t]*\d+)?\**[ \t]*:/i;

export function parseReAct(reply: string): ParsedReAct {
  const cut = OBSERVATION.exec(reply);
  const text = cut ? reply.slice(0, cut.index) : reply;
  const m = ACTION_LINE.exec(text);
  if (!m) return { thought: cleanThought(text), error: "no `Action:` line in the reply" };
  const thought = cleanThought(text.slice(0, m.index));
  const rest = text.slice(m.index + m[0].length).trim();
  const exec = /^execute\s*\[/i.exec(rest);
  if (exec) {
    const close = rest.lastIndexOf("]");
    if (close < exec[0].length) return { thought, error: "`execute[` is not closed with `]`" };
    const command = rest.slice(exec[0].length, close).trim();
    if (!command) return { thought, error: "`execute[]` has no command" };
    const inner = command.startsWith("```") ? parseCodeBlock(command) : { action: command };
    return "error" in inner ? { thought, error: inner.error } : { thought, action: inner.action };
  }
  // submit[<answer>] (CTF's flag) keeps its answer; a bare submit is the word.
  const answer = /^[`*]*submit\s*\[([^\n]*)\][`*]*\s*$/i.exec(rest)?.[1]?.trim();
  if (answer) return { thought, action: `submit ${answer}` };
  if (/^[`*]*submit\b/i.test(rest)) return { thought, action: "submit" };
  return { thought, error: "the action is neither `execute[<command>]` nor `submit`" };
}

function cleanThought(text: string): string {
  return text.replace(/^[ \t]*\**Thought(?:[ \t]*\d+)?\**[ \t]*:[ \t]*/im, "").trim();
}
