import { describe, expect, it } from "vitest";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { loadCtfTasks } from "./tasks";
import { ABSENT_FILES, ctfPlayability } from "./playability";

describe("which CTF tasks can be played", () => {
  it("a task whose file is absent says which file", () => {
    expect(ctfPlayability({ taskId: 65, query: "Use `srch_strings` … dds1-alpine.flag.img.gz" })).toEqual({
      ok: false,
      reason: "its challenge file dds1-alpine.flag.img.gz is not in InterCode's data, so it cannot be solved here",
    });
  });

  it("a task on a picoCTF server says which server, however the query names it", () => {
    for (const query of [
      "$ nc mercury.picoctf.net 43239, but it doesn't speak English",
      "Find the flag being held on this server http://mercury.picoctf.net:34561/",
      "Connect to jupiter.challenges.picoctf.org 14291.",
      "Download the script (https://artifacts.picoctf.net/c/34/runme.py) with the wget command",
    ]) {
      const r = ctfPlayability({ taskId: 9, query });
      expect(r.ok).toBe(false);
      expect(!r.ok && r.reason).toMatch(/^it needs the picoCTF server [a-z.]+picoctf\.(net|org), and sandboxes have no network$/);
    }
  });

  it("a task with its files and no server is playable", () => {
    expect(ctfPlayability({ taskId: 4, query: 'This file has a flag in plain sight (aka "in-the-clear").' })).toEqual({
      ok: true,
    });
  });

  it("over InterCode's 100 tasks: these are unplayable, every other one plays", () => {
    const tasks = loadCtfTasks(path.join(process.cwd(), "data/intercode"));
    const unplayable = tasks
      .filter((t) => !ctfPlayability({ taskId: t.extra.taskId as number, query: t.query }).ok)
      .map((t) => t.extra.taskId);
    expect(unplayable).toEqual([1, 9, 16, 20, 28, 29, 35, 39, 41, 42, 43, 54, 57, 62, 65, 66, 70, 73, 87, 88, 89, 95]);
  });

  it("the table of absent files is the data's: each named in its query, none in its folder (which holds nothing else)", () => {
    const data = path.join(process.cwd(), "data/intercode");
    const tasks = loadCtfTasks(data);
    for (const [id, file] of Object.entries(ABSENT_FILES)) {
      expect(tasks.find((t) => t.extra.taskId === Number(id))?.query ?? "").toContain(Number(id) === 66 ? "mmls" : file);
      const dir = path.join(data, "tasks/ctf/task_assets", id);
      expect(existsSync(path.join(dir, file))).toBe(false);
      expect(readdirSync(dir).filter((f) => f !== "solution" && !f.startsWith("."))).toEqual([]);
    }
  });
});
