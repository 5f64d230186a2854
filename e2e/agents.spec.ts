import { spawn } from "node:child_process";
import { test, expect, type Page } from "@playwright/test";
import { E2E_LLM_URL } from "./accounts";

// Agents play where people play: a batch run started from the browser, one of its episodes watched
// live while the agent types, the progress bar filling; the session API guarded by tokens; and the
// Python client playing tasks end to end against this server.

async function screenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const t = window.__plateauTerm;
    if (!t) return "";
    const b = t.buffer.active;
    const lines: string[] = [];
    for (let i = 0; i < b.length; i++) lines.push(b.getLine(i)!.translateToString(true));
    return lines.join("\n");
  });
}

test("start a batch run in the browser, watch an episode live, see the progress bar complete", async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto("/agent-runs");
  await page.getByLabel("Policy").selectOption("scripted");
  await page.getByLabel("Tasks").fill("fs4:0-2");
  await page.getByLabel("Turn limit").fill("5");
  await page.getByLabel("Concurrency").fill("1");
  await page
    .getByRole("textbox", { name: "Actions" })
    .fill("echo agent-step-one; sleep 4\nsleep 2; echo agent-step-two; sleep 2\nsubmit");
  await page.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(/\/agent-runs\/\w+$/, { timeout: 20_000 });
  const runUrl = page.url();
  await expect(page.getByTestId("run-progress")).toHaveAttribute("aria-valuemax", "3");

  // The first episode: watch it while the agent types.
  const watch = page.getByTestId("watch-live").first();
  await expect(watch).toBeVisible({ timeout: 30_000 });
  await watch.click();
  await expect(page).toHaveURL(/\/play\/\d+\?episode=/);
  await expect(page.getByText("You are watching this episode")).toBeVisible();
  await expect.poll(() => screenText(page), { timeout: 30_000 }).toMatch(/agent-step-one/);
  await expect.poll(() => screenText(page), { timeout: 30_000 }).toMatch(/agent-step-two/);

  await page.goto(runUrl);
  const bar = page.getByTestId("run-progress");
  await expect(bar).toHaveAttribute("data-done", "true", { timeout: 90_000 });
  await expect(bar).toHaveAttribute("aria-valuenow", "3");
  await expect(page.getByTestId("run-status")).toHaveText("done");
  await expect(page.getByTestId("run-episode")).toHaveCount(3);
  for (const row of await page.getByTestId("run-episode").all()) await expect(row).toHaveAttribute("data-status", "submitted");
});

test("the runs list shows agent runs with live progress, and bad run input is refused with a message", async ({ page }) => {
  await page.goto("/agent-runs");
  await expect(page.getByTestId("agent-run-row").first()).toBeVisible();
  await page.getByLabel("Policy").selectOption("gold");
  await page.getByLabel("Tasks").fill("fs9");
  await page.getByRole("button", { name: "Start run" }).click();
  await expect(page.getByTestId("start-run-error")).toHaveText('no bash tasks match "fs9"');
});

test("LLM policies use the server's configured endpoints: the page offers them, a request naming a URL or an unknown endpoint is refused", async ({
  page,
  request,
}) => {
  // scripts/e2e-server.sh configures one endpoint, e2e-local, with one model.
  await page.goto("/agent-runs");
  await page.getByLabel("Policy").selectOption("react");
  await expect(page.getByLabel("Endpoint")).toHaveValue("e2e-local");
  await expect(page.getByLabel("Endpoint").locator("option")).toHaveText([`e2e-local — ${E2E_LLM_URL}`]);
  await expect(page.getByLabel("Model")).toHaveValue("e2e-model");
  await expect(page.getByTestId("no-llm-endpoint")).toHaveCount(0);

  const runs = async () => (await (await request.get("/api/agent-runs")).json()).runs.length;
  const before = await runs();
  const url = await request.post("/api/agent-runs", {
    data: { policy: "react", tasks: "fs1:0", model: "e2e-model", llm: { baseUrl: "http://127.0.0.1:9/v1" } },
  });
  expect(url.status()).toBe(400);
  expect((await url.json()).error).toMatch(
    /^llm: baseUrl is not accepted: name one of the server's configured endpoints in llm\.endpoint/,
  );
  const unknown = await request.post("/api/agent-runs", {
    data: { policy: "react", tasks: "fs1:0", model: "e2e-model", llm: { endpoint: "nope" } },
  });
  expect(unknown.status()).toBe(400);
  expect((await unknown.json()).error).toBe('llm.endpoint: no LLM endpoint named "nope" is configured; configured: e2e-local');
  expect(await runs()).toBe(before);
});

test("a researcher makes an API token in the UI; the session API refuses calls without one", async ({ page, request }) => {
  await page.goto("/agent-runs");
  await page.getByLabel("Token name").fill("e2e-ui-token");
  await page.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByTestId("new-token-value").textContent())!.trim();
  expect(token).toMatch(/^plt_/);
  await expect(page.getByTestId("token-row").filter({ hasText: "e2e-ui-token" })).toBeVisible();

  const none = await request.post("/api/v1/episodes", { data: { task: "fs1:0" } });
  expect(none.status()).toBe(401);
  expect((await none.json()).error).toMatch(/missing API token/);
  expect(none.headers()["www-authenticate"]).toContain("Bearer");
  expect(
    (await request.post("/api/v1/episodes", { data: { task: "fs1:0" }, headers: { authorization: "Bearer plt_nope" } })).status(),
  ).toBe(401);
  const auth = { authorization: `Bearer ${token}` };
  const bad = await request.post("/api/v1/episodes", { data: { task: "fs1:0", turnLimit: 0 }, headers: auth });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toMatch(/^turnLimit: /);
  expect((await request.post("/api/v1/episodes/nope/step", { data: { action: "" }, headers: auth })).status()).toBe(400);
  expect((await request.post("/api/v1/episodes/nope/step", { data: { action: "ls" }, headers: auth })).status()).toBe(404);

  const doc = await (await request.get("/api/v1/openapi.json")).json();
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(["/episodes", "/episodes/{id}", "/episodes/{id}/step", "/episodes/{id}/submit"]),
  );

  await page.getByRole("button", { name: "Revoke e2e-ui-token" }).click();
  await expect(page.getByTestId("token-row").filter({ hasText: "e2e-ui-token" })).toHaveCount(0);
  expect((await request.post("/api/v1/episodes", { data: { task: "fs1:0" }, headers: auth })).status()).toBe(401);
});

test("the Python client plays tasks end to end against this server (python3, standard library)", async ({ request, baseURL }) => {
  test.setTimeout(240_000);
  const { token } = await (await request.post("/api/tokens", { data: { name: "e2e-python" } })).json();
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn("python3", ["-m", "unittest", "-v", "clients/python/test_plateau_env.py"], {
      cwd: process.cwd(),
      env: { ...process.env, PLATEAU_URL: baseURL, PLATEAU_TOKEN: token, PYTHONDONTWRITEBYTECODE: "1" },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (c) => resolve({ code: c, output }));
  });
  expect(output).toMatch(/Ran 8 tests/);
  expect(code, output).toBe(0);
});
