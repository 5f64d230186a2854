import { test, expect } from "@playwright/test";
import { startEpisode, taskOf, typeLine, waitForScreen } from "./terminal";
import { importRun } from "./importLog";

// CTF in the browser: a person plays task 4 (the flag is in a file) in a shell started in its
// folder; a wrong flag goes on, the right one scores 1; no write-up anywhere in the sandbox. A task
// that cannot be played says why, and a logged agent episode offers "Play this task".

test("a person plays CTF task 4: ls, cat, a wrong flag goes on, submit picoCTF{…} scores 1", async ({ page }) => {
  const task = await taskOf(page, "ctf", 4);
  await startEpisode(page, task.id);
  await waitForScreen(page, /\/ctf\/4\$ $/m);
  await expect(page.getByTestId("how-to-submit")).toContainText("type submit picoCTF{…} at the prompt");
  await typeLine(page, "ls");
  await waitForScreen(page, /^flag$/m);
  await typeLine(page, "find / -xdev -name solution 2>/dev/null | wc -l");
  await waitForScreen(page, /^0$/m);
  await typeLine(page, "cat flag");
  await waitForScreen(page, /^picoCTF\{s4n1ty_v3r1f13d_2fd6ed29\}$/m);
  await typeLine(page, "submit picoCTF{not_this_one!}");
  await waitForScreen(page, /Wrong flag \(reward 0\): the episode goes on/);
  await expect(page.getByTestId("reward")).toHaveCount(0);
  await typeLine(page, "submit picoCTF{s4n1ty_v3r1f13d_2fd6ed29}");
  await expect(page.getByTestId("reward")).toHaveText("1.00", { timeout: 30_000 });
});

test("a task that needs a picoCTF server says why on the task list, its page and Play, and offers no Play button", async ({
  page,
}) => {
  const task = await taskOf(page, "ctf", 9);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByTestId("unplayable")).toHaveText(
    "Cannot be played live: it needs the picoCTF server mercury.picoctf.net, and sandboxes have no network",
  );
  await expect(page.getByTestId("play-task")).toHaveCount(0);
  await page.goto(`/play/${task.id}`);
  await expect(page.getByTestId("play-error")).toContainText("it needs the picoCTF server mercury.picoctf.net");
  await expect(page.getByTestId("start-episode")).toHaveCount(0);
  const absent = await taskOf(page, "ctf", 65);
  await page.goto(`/tasks/${absent.id}`);
  await expect(page.getByTestId("unplayable")).toContainText(
    "its challenge file dds1-alpine.flag.img.gz is not in InterCode's data",
  );
  await page.goto(`/tasks?env=ctf&q=mercury.picoctf.net`);
  await expect(page.getByTestId("task-row").first().getByTestId("unplayable")).toHaveText("cannot be played");
});

test("a logged CTF agent episode offers Play this task, which opens a live episode of the same task; one of an unplayable task says why", async ({
  page,
}) => {
  // InterCode's CTF log holds GPT-4's episodes of tasks 0-3; task 1's disk image is absent.
  const runId = await importRun(page.request, `e2e ctf ${Date.now().toString(36)}`, "ctf/ic_ctf_gpt-4_25_turns.json");
  const episodeOf = async (index: number) => {
    const task = await taskOf(page, "ctf", index);
    const { episodes } = await (await page.request.get(`/api/episodes?runId=${runId}&taskId=${task.id}&pageSize=1`)).json();
    return { task, episodeId: episodes[0].id as string };
  };
  const absent = await episodeOf(1);
  await page.goto(`/episodes/${absent.episodeId}`);
  await expect(page.getByTestId("unplayable")).toContainText("dds2-alpine.flag.img.gz");
  await expect(page.getByTestId("play-this-task")).toHaveCount(0);
  const { task, episodeId } = await episodeOf(3);
  await page.goto(`/episodes/${episodeId}`);
  await page.getByTestId("play-this-task").click();
  await page.waitForURL(new RegExp(`/play/${task.id}\\?episode=`));
  await waitForScreen(page, /\/ctf\/3\$ $/m);
  await typeLine(page, "ls");
  await waitForScreen(page, /^whitepages_task_3\.txt$/m);
});
