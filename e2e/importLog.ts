import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";

/**
 * Imports InterCode logs (paths under data/intercode/logs) into one new run through the API, as
 * new bytes each time (trailing spaces: JSON allows them), so a server that has the files already
 * imports them again. Returns the run's id.
 */
export async function importRun(api: APIRequestContext, run: string, ...files: string[]): Promise<string> {
  const tail = " ".repeat(1 + Math.floor(Math.random() * 1e6));
  const body = {
    run,
    files: files.map((f) => ({
      name: path.basename(f),
      content: readFileSync(path.resolve("data/intercode/logs", f), "utf8") + tail,
    })),
  };
  const res = await api.post("/api/imports", { data: body });
  expect(res.status(), await res.text()).toBe(201);
  const { runs } = await (await api.get("/api/runs")).json();
  return runs.find((r: { name: string }) => r.name === run).id;
}
