import { describe, expect, it } from "vitest";
import { bashPrompts } from "./bashPrompts";
import { codeBlockFor, promptsFor } from "./promptsFor";
import { sqlPrompts } from "./sqlPrompts";

describe("prompts by environment", () => {
  it("gives SQL episodes InterCode's SQL prompts and Bash's to the others", () => {
    expect(promptsFor("sql")).toBe(sqlPrompts);
    expect(promptsFor("bash")).toBe(bashPrompts);
    expect(promptsFor("ctf")).toBe(bashPrompts);
    expect(sqlPrompts.tryAgainSystem({ timeoutSeconds: 10 })).toContain("MySQL Database");
    expect(sqlPrompts.observation("[('Joe',)]", 0, false)).toBe("MySQL Database Output: [('Joe',)]");
    expect(sqlPrompts.observation("[]", 0, false)).toBe("MySQL Database Output: No output");
  });

  it("writes a SQL action back in a sql code block", () => {
    expect(codeBlockFor("sql")("SELECT 1")).toBe("```sql\nSELECT 1\n```");
    expect(codeBlockFor("sql")("submit")).toBe("```submit```");
    expect(codeBlockFor("bash")("ls")).toBe("```bash\nls\n```");
  });
});
