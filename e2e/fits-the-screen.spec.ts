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
  const height = page.viewportSize()!.height;
  expect(box.y + Math.min(box.height, 40), `${name} starts inside the window`).toBeLessThanOrEqual(height);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

/** The whole of `what` is inside the window, without scrolling the page. */
async function expectWhollyInWindow(page: Page, what: Locator, name: string) {
  await expectInWindow(page, what, name);
  const box = (await what.boundingBox())!;
  expect(box.y + box.height, `${name} ends inside the window`).toBeLessThanOrEqual(page.viewportSize()!.height);
}

/** `n` runs of the same log, named `${prefix} 0` … `${prefix} n-1`: a server with many runs. */
async function importRuns(page: Page, prefix: string, n: number): Promise<string[]> {
  const names = Array.from({ length: n }, (_, i) => `${prefix} ${i}`);
  for (const name of names) await importRun(page.request, name, "bash/gpt-3.5/ic_bash_react_10_turns_fs_4.json");
  return names;
}

async function longestImportedEpisode(page: Page): Promise<string> {
  const runId = await importRun(
    page.request,
    `e2e fits ${Date.now().toString(36)}`,
    "bash/gpt-3.5/ic_bash_react_10_turns_fs_4.json",
  );
  const { episodes } = await (await page.request.get(`/api/episodes?runId=${runId}&pageSize=50`)).json();
  return episodes.sort((a: { turns: number }, b: { turns: number }) => b.turns - a.turns)[0].id;
}

test("a replay shows its terminal, play/pause, speed and the step's detail without scrolling", async ({ page }) => {
  await page.goto(`/episodes/${await longestImportedEpisode(page)}?step=1`);
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

test("at 800×600 a replay keeps its timeline, play/pause, step buttons, speed and idle cap in the window", async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto(`/episodes/${await longestImportedEpisode(page)}?step=1`);
  await expect.poll(() => page.evaluate(() => !!window.__plateauReplay)).toBe(true);
  await expectWhollyInWindow(page, page.getByTestId("timeline"), "the timeline");
  await expectWhollyInWindow(page, page.getByTestId("play"), "play/pause");
  await expectWhollyInWindow(page, page.getByRole("button", { name: "Next step" }), "the next-step button");
  await expectWhollyInWindow(page, page.getByLabel("Speed"), "speed");
  await expectWhollyInWindow(page, page.getByLabel("Idle cap"), "the idle cap");
});

test("Compare keeps the whole plateau chart in the window, however many runs are listed", async ({ page }) => {
  const [a, b] = await importRuns(page, `e2e chart ${Date.now().toString(36)}`, 12);
  await page.goto(`/compare?runs=${encodeURIComponent(a)},${encodeURIComponent(b)}`);
  await expect(page.getByTestId("run-picker").getByRole("checkbox")).not.toHaveCount(0);
  expect(await page.getByTestId("run-picker").getByRole("checkbox").count()).toBeGreaterThanOrEqual(12);
  await expectWhollyInWindow(page, page.getByTestId("plateau-chart"), "the plateau chart");
});

test("Runs keeps Import and Compare selected in the window, however many runs are listed", async ({ page }) => {
  const stamp = Date.now().toString(36);
  await importRuns(page, `e2e many runs ${stamp}`, 10);
  await page.goto("/runs");
  await expect(page.getByTestId("run-row").filter({ hasText: `e2e many runs ${stamp} 9` })).toBeVisible();
  await expectInWindow(page, page.getByRole("button", { name: "Import" }), "Import");
  await expectInWindow(page, page.getByRole("button", { name: "Compare selected" }), "Compare selected");
});
