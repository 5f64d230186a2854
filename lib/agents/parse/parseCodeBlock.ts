// The action in a model's reply: the first fenced code block (InterCode's parser did the same), a
// bare `submit`, or a reply that is only `submit <answer>` on one line (CTF's flag, as InterCode's CTF
// prompt asked for plain commands). Anything else is not an action, and says why.

export type ParsedAction = { action: string } | { error: string };

const FENCE = /```[ \t]*([\w+#.-]*)[ \t]*\r?\n([\s\S]*?)```/;
const INLINE_FENCE = /```[ \t]*(?:bash|sh|shell)?[ \t]*(submit)[ \t]*```/i;
const BARE_SUBMIT = /^[`"'*\s]*submit[`"'*.!\s]*$/i;
const BARE_ANSWER = /^[`\s]*(submit [^\n`]+?)[`\s]*$/;

export function parseCodeBlock(reply: string): ParsedAction {
  const m = FENCE.exec(reply);
  if (m) {
    let code = m[2].replace(/\s+$/, "").replace(/^\s*\n/, "");
    // A one-line block written as a transcript ("$ ls -l"): the prompt sign is not part of the command.
    if (!code.includes("\n")) code = code.replace(/^\s*\$\s+/, "").trim();
    if (!code.trim()) return { error: "the code block in the reply is empty" };
    return { action: code };
  }
  if (INLINE_FENCE.test(reply) || BARE_SUBMIT.test(reply)) return { action: "submit" };
  const answer = BARE_ANSWER.exec(reply);
  if (answer) return { action: answer[1].trim() };
  if (/```/.test(reply)) return { error: "the reply has an unclosed code block" };
  return { error: "no code block in the reply" };
}
