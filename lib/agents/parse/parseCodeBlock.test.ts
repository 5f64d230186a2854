import { describe, expect, it } from "vitest";
import { parseCodeBlock } from "./parseCodeBlock";
import { parseReAct } from "./parseReAct";
import { parsePlan } from "./parsePlan";

describe("parseCodeBlock", () => {
  it("takes the first fenced block, with or without a language", () => {
    expect(parseCodeBlock("Sure:\n```bash\nls -l /testbed\n```\nand more ```bash\nrm -rf /\n```")).toEqual({
      action: "ls -l /testbed",
    });
    expect(parseCodeBlock("```\nfind . -name '*.txt'\n```")).toEqual({ action: "find . -name '*.txt'" });
    expect(parseCodeBlock("```BASH\necho hi\n```")).toEqual({ action: "echo hi" });
  });
  it("keeps a multi-line block whole and drops a transcript's prompt sign on one line", () => {
    expect(parseCodeBlock("```bash\nfor f in *; do\n  echo $f\ndone\n```")).toEqual({
      action: "for f in *; do\n  echo $f\ndone",
    });
    expect(parseCodeBlock("```sh\n$ wc -l file.txt\n```")).toEqual({ action: "wc -l file.txt" });
  });
  it("reads submit in a block, inline or bare", () => {
    expect(parseCodeBlock("```submit```")).toEqual({ action: "submit" });
    expect(parseCodeBlock("```bash\nsubmit\n```")).toEqual({ action: "submit" });
    expect(parseCodeBlock("submit")).toEqual({ action: "submit" });
    expect(parseCodeBlock("`submit`.")).toEqual({ action: "submit" });
    expect(parseCodeBlock("submit picoCTF{g00d_k1tty!}")).toEqual({ action: "submit picoCTF{g00d_k1tty!}" });
    expect(parseCodeBlock("```bash\nsubmit picoCTF{x}\n```")).toEqual({ action: "submit picoCTF{x}" });
  });
  it("says why there is no action", () => {
    expect(parseCodeBlock("I would list the files with ls.")).toEqual({ error: "no code block in the reply" });
    expect(parseCodeBlock("```bash\n   \n```")).toEqual({ error: "the code block in the reply is empty" });
    expect(parseCodeBlock("```bash\nls -l")).toEqual({ error: "the reply has an unclosed code block" });
  });
});

describe("parseReAct", () => {
  it("splits thought and execute[...]", () => {
    expect(parseReAct("Thought: list it\nAction: execute[ls -a /testbed]")).toEqual({
      thought: "list it",
      action: "ls -a /testbed",
    });
    expect(parseReAct("Thought 3: brackets inside\nAction 3: execute[echo [a] | grep a]")).toEqual({
      thought: "brackets inside",
      action: "echo [a] | grep a",
    });
  });
  it("reads submit and ignores an invented observation", () => {
    expect(parseReAct("Thought: done\nAction: submit\nObservation: 1.0")).toEqual({ thought: "done", action: "submit" });
    expect(parseReAct("Thought: x\nAction: execute[pwd]\nObservation: /\nThought: y\nAction: submit")).toEqual({
      thought: "x",
      action: "pwd",
    });
  });
  it("says why there is no action", () => {
    expect(parseReAct("Thought: hmm")).toEqual({ thought: "hmm", error: "no `Action:` line in the reply" });
    expect(parseReAct("Thought: t\nAction: execute[ls")).toEqual({ thought: "t", error: "`execute[` is not closed with `]`" });
    expect(parseReAct("Thought: t\nAction: run ls")).toEqual({
      thought: "t",
      error: "the action is neither `execute[<command>]` nor `submit`",
    });
  });
});

describe("parsePlan", () => {
  it("reads numbered steps and joins continuation lines", () => {
    expect(parsePlan("Plan:\n1. Find the files.\n2) Hash them\n   with md5sum.\nStep 3: Print duplicates")).toEqual([
      "Find the files.",
      "Hash them with md5sum.",
      "Print duplicates",
    ]);
  });
  it("gives no steps for prose", () => {
    expect(parsePlan("I will just do it.")).toEqual([]);
  });
});
