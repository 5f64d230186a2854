import { describe, expect, it } from "vitest";
import path from "node:path";
import { flagFound, solutionScript } from "./solutionCheck";

describe("the scripted solutions' check", () => {
  it("finds the flag in a script's output ignoring case, as the reward compares, or only its content", () => {
    expect(flagFound("b'picoCTF{sma11_N_n0_g0od_00264570}'\n", "picoCTF{sma11_N_n0_g0od_00264570}")).toBe("flag");
    expect(flagFound("PICOCTF{ABC}\n", "picoCTF{abc}")).toBe("flag");
    expect(flagFound("d35cr4mbl3_tH3\n", "picoCTF{d35cr4mbl3_tH3}")).toBe("content");
    expect(flagFound("picoCTF{ab", "picoCTF{abc}")).toBe("none");
  });

  it("reads a task's solution.py from the data, and null where the write-up has none", () => {
    const data = path.join(process.cwd(), "data/intercode");
    expect(solutionScript(data, 12)).toContain("long_to_bytes");
    expect(solutionScript(data, 4)).toBeNull();
  });
});
