import { readFileSync } from "node:fs";
import { test, expect, type Page } from "@playwright/test";
import { screenText, typeLine, waitForScreen } from "./terminal";

// A person plays an MBPP task in the Python console: defines the function, runs `test`, fixes it,
// submits, and sees both scorings; the private tests are on no page they see.

const mbpp = JSON.parse(readFileSync("data/intercode/tasks/python/ic_mbpp.json", "utf8")) as { tests: string[] }[];

async function type(page: Page, ...lines: string[]) {
  for (const line of lines) await typeLine(page, line);
}

test("a person defines the function, runs test, fixes it and submits", async ({ page }) => {
  const res = await page.request.get(`/api/tasks?dataset=mbpp&pageSize=5`);
  const task = (await res.json()).tasks.find((t: { index: number }) => t.index === 1);
  await page.goto(`/play/${task.id}`);
  await page.getByTestId("start-episode").click();
  await page.waitForURL(/\/play\/\d+\?episode=/);
  await waitForScreen(page, /Function: similar_elements[\s\S]*>>> $/, 30_000);

  // a first try: a block typed line by line, ended by an empty line
  await type(page, "def similar_elements(a, b):", "    return a", "");
  await expect(page.getByTestId("turns")).toHaveText("1");
  await type(page, "test");
  await waitForScreen(page, /FAIL assert similar_elements[\s\S]*0\/1 public tests passed\n>>> $/);
  await type(page, "def similar_elements(a, b):", "    return tuple(set(a) & set(b))", "");
  await type(page, "test");
  await waitForScreen(page, /1\/1 public tests passed\n>>> $/);
  await expect(page.getByTestId("turns")).toHaveText("4");
  await type(page, "submit similar_elements");
  await expect(page.getByTestId("reward-intercode")).toHaveText("1.00", { timeout: 60_000 });
  await expect(page.getByTestId("reward-mucode")).toHaveText("1.00");
  const seen = [await page.content(), await screenText(page)].join("\n");
  for (const t of mbpp[1].tests.slice(1)) expect(seen).not.toContain(t);

  await page.getByRole("link", { name: /Open the replay/ }).click();
  await expect(page.getByTestId("scores")).toBeVisible();
  // µCode judged the code of turn 3 (the fix), which the test of turn 4 passed
  await expect(page.getByTestId("score-mucode")).toContainText("solved at turn 3");
  const replay = await page.content();
  for (const t of mbpp[1].tests.slice(1)) expect(replay).not.toContain(t);
});
