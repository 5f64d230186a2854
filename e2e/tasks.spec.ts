import { readFileSync } from "node:fs";
import { test, expect } from "@playwright/test";

// The task page: the task, its gold on request, every episode of it, and two of them side by side.

const stamp = Date.now().toString(36);
const LOG = "data/intercode/logs/bash/gpt-3.5/ic_bash_react_10_turns_fs_4.json";

test("a task's page lists its episodes; two picked open side by side", async ({ page, request }) => {
  const log = readFileSync(LOG, "utf8");
  const runs = [`e2e task page A ${stamp}`, `e2e task page B ${stamp}`];
  // The same log twice, with different trailing whitespace so both are new files: two runs, two episodes per task.
  for (const [i, run] of runs.entries()) {
    const res = await request.post("/api/imports", {
      data: {
        files: [{ name: "ic_bash_react_10_turns_fs_4.json", content: log + " ".repeat(i + 1) + "\n".repeat(stamp.length) }],
        run,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const task = (await (await request.get("/api/tasks?dataset=nl2bash_fs_4&pageSize=1")).json()).tasks[0];

  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByTestId("task-query")).toHaveText(task.query);
  await expect(page.getByTestId("gold")).toHaveCount(0);
  await page.getByRole("button", { name: "show gold" }).click();
  await expect(page.getByTestId("gold")).not.toBeEmpty();
  await expect(page.getByTestId("play-task")).toBeVisible();
  await expect(page.locator(`form[method="post"][action="/play/${task.id}/start"]`)).toHaveCount(1); // starting is a POST

  const rows = page.getByTestId("task-episode");
  const side = page.getByRole("button", { name: "Side by side" });
  await expect(side).toBeDisabled();
  for (const run of runs) await rows.filter({ hasText: run }).getByRole("checkbox").check();
  await expect(page.getByTestId("pick-hint")).toHaveText("two episodes picked");
  await side.click();
  await expect(page).toHaveURL(/\/episodes\/compare\?a=.+&b=.+/);
  await expect(page.getByTestId("pane-a")).toBeVisible();
  await expect(page.getByTestId("pane-b")).toBeVisible();
});

test("an unknown task is a 404 page", async ({ page }) => {
  const res = await page.goto("/tasks/999999");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toHaveText("There is no task with this id.");
  expect((await page.goto("/tasks/not-a-number"))?.status()).toBe(404);
});
