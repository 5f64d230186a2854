import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseCast } from "../../recording";
import type { ScreenEvent, StepSpan } from "../types";

// Test and bench fixture: a realistic recording from shared/tools/gen-cast, with steps aligned
// to its commands the way the live recorder aligns them (castStart at the prompt, castEnd at the
// command's last output).

/** shared/ lies beside the checkout (CI clones elsewhere and puts a copy of it there too). */
export const GEN_CAST =
  process.env.PLATEAU_GEN_CAST ??
  [path.resolve("../shared/tools/gen-cast/gen-cast.cjs"), "/work/shared/tools/gen-cast/gen-cast.cjs"].find((f) =>
    existsSync(f),
  ) ??
  path.resolve("../shared/tools/gen-cast/gen-cast.cjs");

export interface GenCast {
  text: string;
  cols: number;
  rows: number;
  events: ScreenEvent[];
  commands: string[];
  steps: StepSpan[];
}

export function genCast(commands: number, seed = 42): GenCast {
  const dir = mkdtempSync(path.join(os.tmpdir(), "plateau-gencast-"));
  try {
    const out = path.join(dir, "session.cast");
    execFileSync(process.execPath, [GEN_CAST, "--out", out, "--commands", String(commands), "--seed", String(seed)], {
      stdio: "ignore",
    });
    const text = readFileSync(out, "utf8");
    const meta = JSON.parse(readFileSync(`${out}.meta.json`, "utf8")) as {
      prompts: number[];
      commandList: { at: number; cmd: string }[];
    };
    return { text, ...fromCast(text, meta) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function fromCast(text: string, meta: { prompts: number[]; commandList: { at: number; cmd: string }[] }) {
  const cast = parseCast(text);
  const events = cast.events.filter((e) => e[1] === "o" || e[1] === "r") as ScreenEvent[];
  const times = events.map((e) => e[0]);
  const steps = meta.commandList.map((c, k) => {
    // The recording ends with one more prompt, which gen-cast does not list.
    const nextPrompt = meta.prompts[k + 1] ?? times[times.length - 1];
    let last = times.length - 1;
    while (last > 0 && times[last] >= nextPrompt) last--;
    return { castStart: c.at, castEnd: times[last] };
  });
  return { cols: cast.header.width, rows: cast.header.height, events, commands: meta.commandList.map((c) => c.cmd), steps };
}
