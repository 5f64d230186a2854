import { test, expect } from "@playwright/test";
import { startEpisode, taskOf, typeLine, waitForScreen } from "./terminal";

// Starting a sandbox on a loaded machine can take a while.
test.describe.configure({ timeout: 120_000 });

// The labels beside a live episode say what the session is doing now, on Play and to a spectator.

test("running… clears when a command ends, the header of a spectator counts every turn, and an ended episode says typing is off", async ({
  page,
  context,
}) => {
  const task = await taskOf(page, "nl2bash_fs_3", 2);
  await startEpisode(page, task.id);
  await waitForScreen(page, /\$ $/m);
  await expect(page.getByTestId("play-status")).toHaveText("connected");
  await typeLine(page, "echo one");
  await waitForScreen(page, /^one$/m);
  await expect(page.getByTestId("turns")).toHaveText("1");
  await expect(page.getByTestId("running")).toHaveCount(0);

  const episodeId = new URL(page.url()).searchParams.get("episode")!;
  const spectator = await context.newPage();
  await spectator.goto(`/episodes/${episodeId}`);
  await expect(spectator.getByTestId("episode-turns")).toHaveText("1 turn");
  await typeLine(page, "echo two");
  await waitForScreen(page, /^two$/m);
  await expect(page.getByTestId("running")).toHaveCount(0);
  await expect(spectator.getByTestId("episode-turns")).toHaveText("2 turns");

  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("result")).toBeVisible({ timeout: 30_000 });
  // Submitted (or, when scoring failed, error): either way the label says so.
  await expect(page.getByTestId("play-status")).toHaveText(/^episode (submitted|error): the terminal no longer takes input$/);
  await expect(page.getByTestId("running")).toHaveCount(0);
});
