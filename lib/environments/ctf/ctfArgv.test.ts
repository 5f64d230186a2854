import { describe, expect, it } from "vitest";
import { ctfArgv } from "./ctfArgv";

describe("the argv of a CTF action in intercode execution (InterCode's CTFEnv.clean_cmd)", () => {
  it("runs a shell action as bash -c of the action itself, quotes and all", () => {
    expect(ctfArgv(`  strings strings | grep 'pico"CTF' `)).toEqual({
      argv: ["/bin/bash", "-c", `strings strings | grep 'pico"CTF'`],
    });
  });

  it("splits python3 -c / python -c as written, so its quoted program is one argument", () => {
    expect(ctfArgv(`python3 -c "with open('f') as f: print(f.read())"`)).toEqual({
      argv: ["python3", "-c", "with open('f') as f: print(f.read())"],
    });
    expect(ctfArgv(`python -c 'print(1)'`)).toEqual({ argv: ["python", "-c", "print(1)"] });
  });

  it("a python -c that shlex cannot split is InterCode's malformed command", () => {
    expect(ctfArgv(`python3 -c "print(1)`)).toHaveProperty("malformed");
  });
});
