import { describe, expect, it } from "vitest";
import { publicFailure } from "./publicTestTrier";

const test = "assert f(1) == 2";

describe("a candidate's failing public test, as the replay and the model are told it", () => {
  it("names the test; a failed assert adds nothing (InterCode's error was a bare 'Error: ')", () => {
    expect(publicFailure(test, { output: "", error: "Error: " })).toBe("FAIL assert f(1) == 2");
  });

  it("adds the error of a test that raised, or that it never finished", () => {
    expect(publicFailure(test, { output: "", error: "Error: name 'f' is not defined" })).toBe(
      "FAIL assert f(1) == 2\nError: name 'f' is not defined",
    );
    expect(publicFailure(test, undefined)).toBe("FAIL assert f(1) == 2\ndid not finish");
  });
});
