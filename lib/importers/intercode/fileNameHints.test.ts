import { describe, expect, it } from "vitest";
import { fileNameHints } from "./fileNameHints";

describe("what an InterCode log's file name says", () => {
  it.each([
    [
      "sql/gpt-3.5/ic_sql_multiturn_gpt-3.5_10_turns.json",
      { environment: "sql", model: "gpt-3.5", strategy: "try_again", turnLimit: 10 },
    ],
    ["ic_sql_multiturn_gpt-3.5-1_turns.json", { model: "gpt-3.5", turnLimit: 1 }],
    [
      "bash/text-davinci-003/ic_bash_multiturn_text-davinci-003_10_turns_fs_3.json",
      { environment: "bash", model: "text-davinci-003", turnLimit: 10, fileSystem: 3 },
    ],
    ["bash/gpt-3.5/ic_bash_react_10_turns_fs_2.json", { model: "gpt-3.5", strategy: "react", fileSystem: 2 }],
    ["sql/gpt-3.5/ic_sql_plan_solve.json", { model: "gpt-3.5", strategy: "plan_solve", turnLimit: undefined }],
    ["ctf/ic_ctf_gpt-4_25_turns.json", { environment: "ctf", model: "gpt-4", turnLimit: 25 }],
    ["sql/human/ic_sql_multiturn_human_10_turns.json", { human: true, model: undefined, turnLimit: 10 }],
  ])("%s", (file, expected) => {
    expect(fileNameHints(file)).toMatchObject(expected);
  });

  it("uses the bare file name as the run name", () => {
    expect(fileNameHints("/a/b/ic_sql_react_10_turns.json").base).toBe("ic_sql_react_10_turns");
    expect(fileNameHints("C:\\logs\\ic_bash_plan_solve_fs_1.json").base).toBe("ic_bash_plan_solve_fs_1");
  });

  it("finds no model in a name that has none", () => {
    expect(fileNameHints("my_run.json").model).toBeUndefined();
  });
});
