import { test, expect } from "@playwright/test";
import { taskOf, typeLine, waitForScreen } from "./terminal";

// A person starts an episode from the task page, wanders off, comes back to it from Home, and goes
// on to the next task.

test("one click on Play this task is one episode; leaving asks first; Home resumes it; Next task follows", async ({ page }) => {
  const task = await taskOf(page, "nl2bash_fs_4", 3);
  const next = await taskOf(page, "nl2bash_fs_4", 4);
  const humanEpisodes = async () =>
    (await (await page.request.get(`/api/episodes?taskId=${task.id}&player=human&pageSize=1`)).json()).total as number;
  const before = await humanEpisodes();
  await page.goto(`/tasks/${task.id}`);
  test.setTimeout(120_000);
  await page.getByTestId("play-task").dblclick();
  // The second click's request replaces the first's navigation: wait for where they land, not for the first.
  await expect(page).toHaveURL(/\/play\/\d+\?episode=/, { timeout: 90_000 });
  const episodeUrl = page.url();
  await waitForScreen(page, /\$ $/m);
  await typeLine(page, "echo before-leaving");
  await waitForScreen(page, /^before-leaving$/m);
  expect(await humanEpisodes()).toBe(before + 1);

  // A link inside the app asks first; staying keeps the episode on screen.
  const asked: string[] = [];
  page.once("dialog", (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await page.getByRole("navigation").getByRole("link", { name: "Tasks" }).click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toMatch(/still live/);
  expect(page.url()).toBe(episodeUrl);

  // Leaving anyway: Home lists the episode with Resume, and so does the task's page.
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("navigation").getByRole("link", { name: "Plateau, home" }).click();
  await expect(page).toHaveURL(/\/$/);
  const live = page.getByTestId("live-episodes");
  await expect(live).toContainText(task.query.slice(0, 60));
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByTestId("live-episodes")).toContainText("1 turn");
  await page.getByTestId("resume-episode").click();
  await page.waitForURL(/\/play\/\d+\?episode=/);
  await waitForScreen(page, /^before-leaving$/m);
  await typeLine(page, "echo resumed");
  await waitForScreen(page, /^resumed$/m);
  await expect(page.getByTestId("turns")).toHaveText("2");

  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("link", { name: /Open the replay/ })).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("next-task").click();
  await expect(page).toHaveURL(new RegExp(`/play/${next.id}$`));
  await expect(page.getByTestId("task-query")).toHaveText(next.query);
  await page.goto("/");
  await expect(page.getByTestId("live-episodes").filter({ hasText: task.query.slice(0, 60) })).toHaveCount(0);
});

test("a reload of a live episode does not ask (it reattaches); Back and closing the tab still do", async ({ page }) => {
  const task = await taskOf(page, "nl2bash_fs_4", 5);
  await page.goto(`/tasks/${task.id}`);
  await page.getByTestId("play-task").click();
  await expect(page).toHaveURL(/\/play\/\d+\?episode=/, { timeout: 60_000 });
  const episodeUrl = page.url();
  await waitForScreen(page, /\$ $/m);
  await typeLine(page, "echo before-reload");
  await waitForScreen(page, /^before-reload$/m);
  const asked: string[] = [];
  page.on("dialog", (d) => {
    asked.push(d.type());
    void d.dismiss();
  });

  // F5 in the terminal reloads the page, without asking: the same episode, its screen redrawn.
  await Promise.all([page.waitForEvent("load"), page.keyboard.press("F5")]);
  await waitForScreen(page, /^before-reload$/m);
  await typeLine(page, "echo after-reload");
  await waitForScreen(page, /^after-reload$/m);
  await expect(page.getByTestId("turns")).toHaveText("2");
  expect(asked).toEqual([]);
  expect(page.url()).toBe(episodeUrl);

  // Back asks; staying keeps the episode. Start opened the episode in the task page's document, so
  // Back unloads nothing: the page asks itself (a confirm), not the browser (beforeunload).
  void page.goBack().catch(() => null);
  await expect.poll(() => asked).toEqual(["confirm"]);
  expect(page.url()).toBe(episodeUrl);
  // Closing the tab asks too.
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(["confirm", "beforeunload"]);
  expect(page.isClosed()).toBe(false);
  await page.getByRole("button", { name: "Skip" }).click();
  await expect(page.getByTestId("play-status")).toContainText(/skipped|ended/i);
});
