import { readFileSync } from "node:fs";
import path from "node:path";
import { test, expect, type Page } from "@playwright/test";

// Import through the UI, open Compare, select two runs: two plateau curves and the table.

const logs = path.resolve("data/intercode/logs/bash");
const stamp = Date.now().toString(36);
const DAVINCI = `e2e davinci try again ${stamp}`;
const REACT = `e2e gpt-3.5 react ${stamp}`;

/**
 * A real log with trailing whitespace that spells `stamp` (JSON allows it): new bytes, so the
 * upload is imported even when this server already has the original file.
 */
function freshCopy(file: string) {
  const bits = [...stamp].map((c) => c.charCodeAt(0).toString(2).padStart(8, "0")).join("");
  const tail = "\n" + bits.replace(/0/g, " ").replace(/1/g, "\t") + "\n";
  return {
    name: path.basename(file),
    mimeType: "application/json",
    buffer: Buffer.concat([readFileSync(path.join(logs, file)), Buffer.from(tail)]),
  };
}

async function upload(page: Page, file: string, run: string) {
  await page.getByLabel("Log files").setInputFiles(freshCopy(file));
  await page.getByLabel("Run name").fill(run);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("upload-result")).toContainText(`Imported 27 episodes into run ${run}`);
}

test("upload two InterCode logs, compare them: two curves, the table, the overlap", async ({ page }) => {
  await page.goto("/runs");
  await upload(page, "text-davinci-003/ic_bash_multiturn_text-davinci-003_10_turns_fs_4.json", DAVINCI);
  await upload(page, "gpt-3.5/ic_bash_react_10_turns_fs_4.json", REACT);
  await expect(page.getByTestId("runs-table")).toContainText(DAVINCI);
  await expect(page.getByTestId("runs-table")).toContainText(REACT);

  await page.getByRole("link", { name: "Compare", exact: true }).click();
  await expect(page).toHaveURL(/\/compare/);
  const picker = page.getByTestId("run-picker");
  await picker.getByLabel(DAVINCI).check();
  await expect(page).toHaveURL(/runs=e2e/);
  await picker.getByLabel(REACT).check();
  await expect(picker.getByLabel(REACT)).toBeChecked();

  const chart = page.getByTestId("plateau-chart");
  await expect(chart.locator(".recharts-line")).toHaveCount(2);
  await expect(chart.locator(".recharts-area")).toHaveCount(2); // the 95 % bands
  const rows = page.getByTestId("stats-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(DAVINCI);
  await expect(rows.nth(0).getByTestId("sr")).toHaveText("44.4");
  await expect(rows.nth(1)).toContainText(REACT);
  await expect(rows.nth(1).getByTestId("sr")).toHaveText("25.9");

  // Hovering shows the values at a turn budget.
  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
  await expect(chart.getByRole("status")).toContainText(/within \d+ turns/);

  // The error rate by turn is drawn when it is reached (below the fold), or for a download before that.
  const [svg] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Error chart SVG" }).click()]);
  const file = readFileSync((await svg.path())!, "utf8");
  expect(file).toContain("<svg");
  for (const run of [DAVINCI, REACT]) expect(file).toContain(run); // the legend drawn into the file
  expect(file).toContain("recharts-line-curve");
  await expect(page.getByTestId("error-chart").locator(".recharts-line")).toHaveCount(2);

  // The selection lives in the URL: a reload shows the same comparison.
  await page.reload();
  await expect(page.getByTestId("stats-row")).toHaveCount(2);
  // The error rate by turn (it reads every step), in the same colours, once scrolled to.
  await page.getByRole("heading", { name: "Error rate by turn" }).scrollIntoViewIfNeeded();
  await expect(page.getByTestId("error-chart").locator(".recharts-line")).toHaveCount(2);

  // Which tasks each solves: a count opens the tasks, linked.
  await page.getByTestId("overlap-onlyA").click();
  await expect(page.getByTestId("overlap").getByRole("link").first()).toHaveAttribute("href", /\/tasks\/\d+/);

  // Home heads with the newest runs' success rates, each a link to Compare.
  await page.goto("/");
  const headline = page.getByTestId("headline");
  await expect(headline.getByRole("row").filter({ hasText: DAVINCI })).toContainText("44.4");
  await expect(headline.getByRole("row").filter({ hasText: REACT })).toContainText("25.9");
  await headline.getByRole("link", { name: REACT }).click();
  await expect(page.getByTestId("stats-row")).toHaveCount(1);
});

test("a malformed upload is refused with the file, the entry and the reason", async ({ page }) => {
  await page.goto("/runs");
  await page.getByLabel("Log files").setInputFiles({
    name: "broken.json",
    mimeType: "application/json",
    buffer: Buffer.from('{"4": {"turn_history": {"actions": "ls"}, "summary": {"max_reward": 1}}}'),
  });
  await page.getByRole("button", { name: "Import" }).click();
  const alert = page.getByTestId("upload-result").getByRole("alert");
  await expect(alert).toContainText('Refused broken.json: entry "4": not an experiment-log entry');
  await expect(alert).toContainText("Nothing of a refused file was stored.");
});
