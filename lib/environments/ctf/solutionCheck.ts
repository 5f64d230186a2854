import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Sandbox } from "../../sandbox/types";
import { CTF_IMAGE, ctfDir } from "./tasks";

// Is a task solvable as shipped? Its write-up's solution/solution.py (where one exists) run in a
// sandbox of the CTF image of its own — never a player's: the script comes in on stdin and is
// never written to the sandbox's disk — from the task's folder, as the player. It reproduces the
// flag when the gold is in what it prints (ignoring case, as the reward compares); several
// write-ups print only what goes inside picoCTF{…}, which is told apart ("content").

export interface SolutionRun {
  taskId: number;
  /** The flag is in the script's output; "content": only what goes inside picoCTF{…}; "none": neither. */
  found: FlagFound;
  exitCode: number;
  timedOut: boolean;
  /** The last lines of what it printed, for a report. */
  tail: string;
}

/** The scripted solution of a task, or null when its write-up has none. */
export function solutionScript(dataDir: string, taskId: number): string | null {
  const file = path.join(dataDir, "tasks/ctf/task_assets", String(taskId), "solution/solution.py");
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

export type FlagFound = "flag" | "content" | "none";

/** Whether a script's output holds the flag (case-insensitive, as the CTF reward compares), or only its content. */
export function flagFound(output: string, gold: string): FlagFound {
  const out = output.toLowerCase();
  const flag = gold.trim().toLowerCase();
  if (out.includes(flag)) return "flag";
  const content = /^picoctf\{(.+)\}$/.exec(flag)?.[1];
  return content && out.includes(content) ? "content" : "none";
}

export async function runSolution(
  takeSandbox: (image: string) => Promise<Sandbox>,
  task: { taskId: number; gold: string; script: string },
  timeoutMs = 20_000,
): Promise<SolutionRun> {
  const sandbox = await takeSandbox(CTF_IMAGE);
  try {
    const r = await sandbox.exec(["python3", "-"], {
      user: "player",
      workdir: ctfDir(task.taskId),
      stdin: task.script,
      timeoutMs,
    });
    const output = `${r.stdout}${r.stderr}`;
    return {
      taskId: task.taskId,
      found: flagFound(r.stdout, task.gold),
      exitCode: r.exitCode,
      timedOut: r.timedOut,
      tail: output.trim().split("\n").slice(-3).join("\n"),
    };
  } finally {
    await sandbox.destroy().catch(() => {});
  }
}
