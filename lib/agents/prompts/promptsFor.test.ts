import { describe, expect, it } from "vitest";
import { bashPrompts } from "./bashPrompts";
import { codeBlockFor, promptsFor } from "./promptsFor";
import { sqlPrompts } from "./sqlPrompts";
import { ctfPrompts } from "./ctfPrompts";

describe("prompts by environment", () => {
  it("gives SQL episodes InterCode's SQL prompts and Bash's to the others", () => {
    expect(promptsFor("sql")).toBe(sqlPrompts);
    expect(promptsFor("bash")).toBe(bashPrompts);
    expect(promptsFor("python")).toBe(bashPrompts);
    expect(sqlPrompts.tryAgainSystem({ timeoutSeconds: 10 })).toContain("MySQL Database");
    expect(sqlPrompts.observation("[('Joe',)]", 0, false)).toBe("MySQL Database Output: [('Joe',)]");
    expect(sqlPrompts.observation("[]", 0, false)).toBe("MySQL Database Output: No output");
  });

  it("gives CTF episodes InterCode's CTF prompt: a CTF player, the task's folder, submit <flag>, and its observation", () => {
    expect(promptsFor("ctf")).toBe(ctfPrompts);
    const system = ctfPrompts.tryAgainSystem({ timeoutSeconds: 10 });
    expect(system).toContain("Capture the Flag (CTF) player");
    expect(system).toContain("submit picoCTF{...}");
    expect(system).toContain("Your working directory is a folder with any files the task needs.");
    expect(ctfPrompts.observation("", 0, false)).toBe("No output");
    expect(ctfPrompts.observation("flag", 0, false)).toBe("Output: flag");
    expect(codeBlockFor("ctf")("submit picoCTF{x}")).toBe("```bash\nsubmit picoCTF{x}\n```");
  });

  it("writes a SQL action back in a sql code block", () => {
    expect(codeBlockFor("sql")("SELECT 1")).toBe("```sql\nSELECT 1\n```");
    expect(codeBlockFor("sql")("submit")).toBe("```submit```");
    expect(codeBlockFor("bash")("ls")).toBe("```bash\nls\n```");
  });
});
