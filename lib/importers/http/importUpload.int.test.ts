import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../db/testing";
import type { Database } from "../../db";
import { WITH_TASKS } from "../../tasks/testing";
import { interCodeLogs } from "../testing/interCodeLogs";
import { DEFAULT_IMPORT_BYTES } from "../../runtime/bodyLimit";
import { importUpload } from "./importUpload";
import { createUploadReader } from "./uploadReader";

// POST /api/imports: what the upload form and programs get back.

let db: Database;
const reader = createUploadReader();
beforeAll(async () => {
  db = await openTestDatabase(WITH_TASKS);
}, 120_000);
afterAll(async () => {
  await reader.close();
  await db?.close();
});

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  importUpload(
    db.prisma,
    new Request("http://x/api/imports", { method: "POST", body, headers, duplex: "half" } as RequestInit),
    reader,
  );

function form(files: { name: string; content: Uint8Array | string }[], fields: Record<string, string> = {}): FormData {
  const f = new FormData();
  for (const file of files) f.append("file", new File([file.content as BlobPart], file.name, { type: "application/json" }));
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

describe("POST /api/imports", () => {
  const python = interCodeLogs("python")[0];

  it("imports an uploaded file as a Run (201), and says so when it is uploaded again (200, nothing changed)", async () => {
    const first = await post(form([{ name: "ic_python_multiturn_gpt-3.5_7_turns.json", content: python.content }]));
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      runs: [{ name: "ic_python_multiturn_gpt-3.5_7_turns", episodes: 117, created: true }],
      rejected: [],
    });
    const again = await post(form([{ name: "copy.json", content: python.content }]));
    expect(again.status).toBe(200);
    expect((await again.json()).message).toBe(
      "copy.json: already imported as run ic_python_multiturn_gpt-3.5_7_turns; nothing changed",
    );
    expect(await db.prisma.episode.count()).toBe(117);
  });

  it("merges several files into the named run, with the model and strategy given", async () => {
    const bash = interCodeLogs("bash/text-davinci-003");
    const res = await post(form(bash, { run: "davinci on fs 1-4", model: "davinci", strategy: "try_again", turns: "" }));
    expect(res.status).toBe(201);
    expect((await res.json()).runs).toEqual([expect.objectContaining({ name: "davinci on fs 1-4", episodes: 199 })]);
    expect(await db.prisma.run.findUniqueOrThrow({ where: { name: "davinci on fs 1-4" } })).toMatchObject({
      model: "davinci",
      strategy: "try_again",
    });
  });

  it("accepts JSON bodies too", async () => {
    const entry = {
      environment: "ic_sql",
      task_id: 12,
      turn_history: { actions: ["SELECT 1"], observations: [null], rewards: [0], valid_action: [] },
      summary: { max_reward: 0 },
    };
    const res = await post(JSON.stringify({ name: "one.json", content: JSON.stringify({ "12": entry }) }), {
      "content-type": "application/json",
    });
    expect(res.status).toBe(201);
    const ep = await db.prisma.episode.findFirstOrThrow({ where: { run: { name: "one" } } });
    expect(ep.errorRate).toBe(1); // an empty valid_action list: blocked by an API error
  });

  it("refuses a malformed file with 422, naming the file, the entry and the reason", async () => {
    const before = await db.prisma.episode.count();
    const res = await post(
      form([{ name: "bad.json", content: '{"3": {"turn_history": {"actions": [1]}, "summary": {"max_reward": 1}}}' }]),
    );
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error).toMatch(/^bad\.json: entry "3": not an experiment-log entry/);
    expect(body.rejected).toEqual([expect.objectContaining({ file: "bad.json", entry: "3" })]);
    expect(await db.prisma.episode.count()).toBe(before);
  });

  it("refuses uploads over the limit with 413 and a clear message", async () => {
    const declared = await post("{}", { "content-type": "application/json", "content-length": String(DEFAULT_IMPORT_BYTES + 1) });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error).toMatch(
      /too large: 32\.0 MB, the limit is 32\.0 MB \(PLATEAU_MAX_IMPORT_BYTES\)\. Import big logs with: npx plateau import FILE/,
    );
    const big = new Uint8Array(DEFAULT_IMPORT_BYTES + 10).fill(32);
    const streamed = await post(
      new ReadableStream({
        start(c) {
          c.enqueue(big);
          c.close();
        },
      }) as unknown as BodyInit,
      { "content-type": "application/json" },
    );
    expect(streamed.status).toBe(413);
  });

  it("says what it wants for other bodies", async () => {
    expect((await post("x", { "content-type": "text/plain" })).status).toBe(415);
    expect((await post("{", { "content-type": "application/json" })).status).toBe(400);
    expect((await post(form([]))).status).toBe(400);
    const res = await post(form([{ name: "a.json", content: "{}" }], { turns: "many" }));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/^turns: /);
  });
});
