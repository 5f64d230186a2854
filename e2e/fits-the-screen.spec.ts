import { test, expect, type Locator, type Page } from "@playwright/test";
import { importRun } from "./importLog";
import { startEpisode, taskOf, typeLine, waitForScreen } from "./terminal";

// Starting a sandbox on a loaded machine can take a while.
test.describe.configure({ timeout: 120_000 });

// At 1366×768, what a screen is used with is in the window without scrolling the page.

test.use({ viewport: { width: 1366, height: 768 } });

async function expectInWindow(page: Page, what: Locator, name: string) {
  await expect(what).toBeVisible();
  const box = (await what.boundingBox())!;
  expect(box.y + Math.min(box.height, 40), `${name} starts inside the window`).toBeLessThanOrEqual(768);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

test("a replay shows its terminal, play/pause, speed and the step's detail without scrolling", async ({ page }) => {
  const runId = await importRun(
    page.request,
    `e2e fits ${Date.now().toString(36)}`,
    "bash/gpt-3.5/ic_bash_react_10_turns_fs_4.json",
  );
  const { episodes } = await (await page.request.get(`/api/episodes?runId=${runId}&pageSize=50`)).json();
  const longest = episodes.sort((a: { turns: number }, b: { turns: number }) => b.turns - a.turns)[0];
  await page.goto(`/episodes/${longest.id}?step=1`);
  await expect.poll(() => page.evaluate(() => !!window.__plateauReplay)).toBe(true);
  await expectInWindow(page, page.getByTestId("play"), "play/pause");
  await expectInWindow(page, page.getByLabel("Speed"), "speed");
  await expectInWindow(page, page.getByTestId("step-detail"), "the step's detail");
  const term = (await page.getByTestId("replay-terminal").boundingBox())!;
  expect(term.y + term.height).toBeLessThanOrEqual(768);
});

test("after submit, Open the replay and Next task are in the window", async ({ page }) => {
  const task = await taskOf(page, "nl2bash_fs_2", 7);
  await startEpisode(page, task.id);
  await waitForScreen(page, /\$ $/m);
  await typeLine(page, "ls");
  await expect(page.getByTestId("turns")).toHaveText("1");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("result")).toBeVisible({ timeout: 30_000 });
  await expectInWindow(page, page.getByRole("link", { name: /Open the replay/ }), "Open the replay");
  await expectInWindow(page, page.getByTestId("next-task"), "Next task");
});

test("Runs keeps Import and Compare selected in the window, however many runs are listed", async ({ page }) => {
  const stamp = Date.now().toString(36);
  for (let i = 0; i < 10; i++)
    await importRun(page.request, `e2e many runs ${stamp} ${i}`, "bash/gpt-3.5/ic_bash_react_10_turns_fs_4.json");
  await page.goto("/runs");
  await expect(page.getByTestId("run-row").filter({ hasText: `e2e many runs ${stamp} 9` })).toBeVisible();
  await expectInWindow(page, page.getByRole("button", { name: "Import" }), "Import");
  await expectInWindow(page, page.getByRole("button", { name: "Compare selected" }), "Compare selected");
});
