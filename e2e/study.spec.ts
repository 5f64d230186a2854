import { test, expect, type Browser, type Page } from "@playwright/test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expectParticipantRefused } from "./participantRefusals";
import { plateau } from "./accounts";

// A human-baseline study in the browser: a researcher makes it and an invite link; three people
// follow the link at once, consent and play; one closes the tab mid-task and comes back to the
// same episode; one runs out of time; the monitor shows them; the export holds what was played.

const PASSWORD_FREE = { storageState: { cookies: [], origins: [] } };

async function screen(page: Page): Promise<string> {
  return page.evaluate(() => {
    const t = window.__plateauTerm;
    if (!t) return "";
    const b = t.buffer.active;
    return Array.from({ length: b.length }, (_, i) => b.getLine(i)!.translateToString(true)).join("\n");
  });
}

async function joinAs(browser: Browser, link: string, name: string) {
  const context = await browser.newContext(PASSWORD_FREE);
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel(/A name to be known by/).fill(name);
  await page.getByRole("button", { name: "Join the study" }).click();
  await expect(page.getByText("Before you start")).toBeVisible();
  await page.getByTestId("accept-consent").click();
  await expect(page.getByTestId("study-step")).toHaveText("Task 1 of 2");
  return { context, page };
}

async function startTask(page: Page) {
  await page.getByTestId("study-next").click();
  await page.waitForURL(/\/play\/\d+\?episode=/);
  await expect.poll(() => screen(page), { timeout: 20_000 }).toMatch(/\$ $/m);
}

async function type(page: Page, line: string) {
  await page.getByTestId("terminal").click();
  await page.keyboard.type(line);
  await page.keyboard.press("Enter");
}

test("a study from invite to export: three people at once, a resume, a time-out, the monitor", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const name = `pilot ${Date.now()}`;
  // Tasks chosen with the Tasks page's filters fill a new study's task list.
  await page.goto("/tasks?dataset=nl2bash_test");
  await page.getByTestId("study-from-tasks").click();
  await expect(page.getByLabel(/^Tasks \(bash\)/)).toHaveValue(/^\d+(,\d+){23}$/);
  await page.goto("/studies");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel(/^Tasks \(bash\)/).fill("fs1:0-2");
  await page.getByLabel("Tasks per participant").fill("2");
  await page.getByLabel("Time limit per task (s)").fill("20");
  await page.getByLabel(/^Consent/).fill("I agree to **take part**.");
  await page.getByRole("button", { name: "Create study" }).click();
  await page.waitForURL(/\/studies\/\w+$/);
  const studyUrl = page.url();
  await page.getByLabel("people").fill("3");
  await page.getByRole("button", { name: "Make a link" }).click();
  const link = (await page.getByTestId("invite-link").textContent())!.trim();
  expect(link).toMatch(/\/join\/[\w-]+$/);

  const [ada, bo, cy] = await Promise.all([
    joinAs(browser, link, "Ada"),
    joinAs(browser, link, "Bo"),
    joinAs(browser, link, "Cy"),
  ]);
  await Promise.all([ada, bo, cy].map((p) => startTask(p.page)));
  await expect(page.getByTestId("monitor-row")).toHaveCount(3);
  // The link's "used" count follows the people who joined, without a reload.
  await expect(page.getByTestId("invite-uses")).toHaveText("3 / 3");
  await expect(page.getByTestId("monitor-row").filter({ hasText: "playing" })).toHaveCount(3, { timeout: 10_000 });

  // Ada types, closes her browser, and comes back to the same episode with its screen (the
  // browser keeps its cookies across a restart: here, its saved state in a new context).
  await type(ada.page, "echo ada-was-here");
  await expect.poll(() => screen(ada.page)).toMatch(/^ada-was-here$/m);
  const episode = new URL(ada.page.url()).searchParams.get("episode");
  const kept = await ada.context.storageState();
  await ada.context.close();
  ada.context = await browser.newContext({ storageState: kept });
  const back = await ada.context.newPage();
  await back.goto(link); // the invite link again: on to where she was
  await expect(back.getByTestId("study-step")).toHaveText("Task 1 of 2");
  await back.getByTestId("study-next").click();
  await back.waitForURL(/episode=/);
  expect(new URL(back.url()).searchParams.get("episode")).toBe(episode);
  await expect.poll(() => screen(back)).toMatch(/^ada-was-here$/m);
  await type(back, "echo typing-again");
  await expect.poll(() => screen(back)).toMatch(/^typing-again$/m);
  await back.getByRole("button", { name: "Submit" }).click();
  await expect(back.getByTestId("study-next")).toBeVisible({ timeout: 30_000 });
  await expect(back.getByTestId("reward")).toHaveCount(0); // the study does not show rewards
  await expect(back.getByTestId("result-gold")).toHaveCount(0);

  // Bo types and skips; Cy lets the clock run out (scored as it stands, then Next).
  await type(bo.page, "ls /testbed");
  await expect(bo.page.getByTestId("turns")).toHaveText("1 / 10");
  await bo.page.getByRole("button", { name: "Skip" }).click();
  await expect(bo.page.getByTestId("study-next")).toBeVisible({ timeout: 30_000 });
  await expect(cy.page.getByTestId("study-next")).toBeVisible({ timeout: 40_000 });
  await expect(cy.page.getByTestId("result")).toContainText("submitted");

  // The second task for Ada (it opens in the same page: Next is sent by the page), then her completion code.
  const first = back.url();
  await back.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await back.getByTestId("study-next").click();
  await back.waitForURL((u) => u.href !== first && /episode=/.test(u.search));
  expect(await back.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  await back.getByRole("button", { name: "Skip" }).click({ timeout: 30_000 });
  await back.getByTestId("study-next").click({ timeout: 30_000 });
  await expect(back.getByTestId("completion-code")).toHaveText(/^[0-9A-F]{10}$/);
  // No terminal came after that Next: a key pressed on the completion page is the page's, not held back.
  const held = await back.evaluate(() => !document.dispatchEvent(new KeyboardEvent("keydown", { key: "a", cancelable: true })));
  expect(held).toBe(false);
  await expectParticipantRefused(back.request, "Ada"); // a study's participant is refused like any other

  await page.goto(studyUrl);
  await expect(page.getByTestId("study-progress")).toContainText("4 of 6 episodes done");
  await expect(page.getByTestId("monitor-row").filter({ hasText: "Ada" })).toContainText("done");
  await page.goto("/");
  await expect(page.getByTestId("home-studies").getByRole("row").filter({ hasText: name })).toContainText("4 / 6 episodes");
  const csv = await (await page.request.get(`${studyUrl.replace("/studies/", "/api/studies/")}/export?format=csv`)).text();
  const rows = csv.trim().split("\n").slice(1);
  expect(rows).toHaveLength(4);
  expect(rows.filter((r) => r.includes(",Ada,"))).toHaveLength(2);
  expect(rows.some((r) => r.includes(",Cy,") && r.includes(",submitted,"))).toBe(true);
  // InterCode's log format, read back by `npx plateau import`: the same success rate.
  const api = studyUrl.replace("/studies/", "/api/studies/");
  const dir = mkdtempSync(path.join(os.tmpdir(), "plateau-study-"));
  const file = path.join(dir, "pilot_fs_1.json");
  writeFileSync(file, await (await page.request.get(`${api}/export?format=intercode`)).text());
  plateau("import", "--player", "human", "--run", `${name} re-imported`, file);
  rmSync(dir, { recursive: true });
  const sr = async (q: string) => (await (await page.request.get(`/api/stats?${q}`)).json()).groups[0];
  const live = await sr(`study=${encodeURIComponent(name)}&group=study`);
  const back2 = await sr(`runs=${encodeURIComponent(`${name} re-imported`)}`);
  expect([back2.n, back2.sr]).toEqual([live.n, live.sr]);
  expect(live.n).toBe(4);
  for (const p of [ada, bo, cy]) await p.context.close();
});
