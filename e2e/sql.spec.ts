import { test, expect } from "@playwright/test";
import { screenText, typeLine, waitForScreen } from "./terminal";

// A person plays a SQL task in the browser: the SQL console on MariaDB in a real sandbox, a wrong
// query, the right one, submit, reward 1; the replay shows both queries with their tables.

test("a person queries, corrects the query, submits and gets reward 1; the replay shows both tables", async ({ page }) => {
  const res = await page.request.get(`/api/tasks?dataset=spider_dev&q=${encodeURIComponent("How many singers do we have?")}`);
  const task = (await res.json()).tasks.find(
    (t: { query: string; db: string }) => t.query === "How many singers do we have?" && t.db === "concert_singer",
  );
  await page.goto(`/play/${task.id}`);
  await page.getByTestId("start-episode").click();
  await page.waitForURL(/\/play\/\d+\?episode=/);
  const episodeId = new URL(page.url()).searchParams.get("episode");
  await waitForScreen(page, /MariaDB \[concert_singer\]> $/m, 30_000);

  await typeLine(page, "SELECT Name FROM singer WHERE Age > 40;");
  await waitForScreen(page, /\| Name +\|[\s\S]*rows? in set/);
  await expect(page.getByTestId("turns")).toHaveText("1");
  await typeLine(page, "SELECT count(*)");
  await waitForScreen(page, /    -> $/m); // the statement goes on: the continuation prompt
  await typeLine(page, "FROM singer;");
  await waitForScreen(page, /\| count\(\*\) \|\n\+-+\+\n\| +6 \|/);
  await expect(page.getByTestId("turns")).toHaveText("2");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("reward")).toHaveText("1.00", { timeout: 30_000 });

  await page.goto(`/episodes/${episodeId}`);
  await page.waitForFunction(() => !!window.__plateauReplay, null, { timeout: 30_000 });
  const rows = page.getByTestId("step-row");
  await expect(rows).toHaveCount(2); // the two queries (Submit is the button, not a step)
  await page.keyboard.press("ArrowRight");
  await page.evaluate(() => window.__plateauReplay!.settled());
  await expect(page.getByTestId("step-detail")).toContainText("SELECT Name FROM singer WHERE Age > 40;");
  await expect(page.getByTestId("step-detail")).toContainText("| Name");
  await page.keyboard.press("ArrowRight");
  await page.evaluate(() => window.__plateauReplay!.settled());
  await expect(page.getByTestId("step-detail")).toContainText("FROM singer;");
  await expect(page.getByTestId("step-detail")).toContainText("| count(*) |");
  const screen = await screenText(page);
  expect(screen).toContain("| Name");
  expect(screen).toContain("| count(*) |");
});
