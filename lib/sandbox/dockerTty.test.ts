import type Docker from "dockerode";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { DockerTty } from "./dockerTty";

// Keys and resizes reach the shell in the order they were given, although a resize is an engine API
// call and keys go down the attached stream (a stand-in exec whose resize the test answers).

function tty() {
  const answers: Array<() => void> = [];
  const exec = {
    resize: () => new Promise<void>((r) => answers.push(r)),
    inspect: async () => ({ Running: false, ExitCode: 0 }),
  } as unknown as Docker.Exec;
  const sock = new PassThrough();
  const written: string[] = [];
  sock.write = ((chunk: string) => (written.push(String(chunk)), true)) as typeof sock.write;
  return { t: new DockerTty(exec, sock, "nonce", () => {}), answers, written };
}

describe("DockerTty", () => {
  it("sends keys typed while a resize is unanswered after it, in order", async () => {
    const { t, answers, written } = tty();
    t.write("a");
    t.resize(55, 20);
    t.write("tput cols\r");
    t.write("b");
    expect(written).toEqual(["a"]);
    answers[0]();
    await new Promise((r) => setTimeout(r, 0));
    expect(written.join("")).toBe("atput cols\rb");
    t.write("c");
    expect(written.join("")).toBe("atput cols\rbc");
  });

  it("holds keys until the latest of several resizes is answered", async () => {
    const { t, answers, written } = tty();
    t.resize(80, 24);
    t.resize(60, 24);
    t.write("x");
    answers[0]();
    await new Promise((r) => setTimeout(r, 0));
    expect(written).toEqual([]);
    answers[1]();
    await new Promise((r) => setTimeout(r, 0));
    expect(written).toEqual(["x"]);
  });
});
