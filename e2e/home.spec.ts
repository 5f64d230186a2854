import { test, expect } from "@playwright/test";

test("Home shows every environment with its task count", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("env-bash-count")).toHaveText("224");
  await expect(page.getByTestId("env-sql-count")).toHaveText("1034");
  await expect(page.getByTestId("env-python-count")).toHaveText("974");
  await expect(page.getByTestId("env-ctf-count")).toHaveText("100");
  await expect(page.getByTestId("env-bash")).toContainText("nl2bash_test");
});

test("the Tasks page filters by environment, hardness and text, and hides the gold until asked", async ({ page }) => {
  await page.goto("/tasks");
  await page.getByLabel("Environment").selectOption("sql");
  // The datasets narrow to the environment's at once, before Filter is pressed.
  await expect(page.getByLabel("Dataset").locator("option")).toHaveText(["All datasets", "spider_dev"]);
  await page.getByLabel("Hardness").selectOption("extra");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("task-total")).toHaveText("166 tasks");
  await expect(page).toHaveURL(/env=sql/);

  await page.goto("/tasks?env=bash&q=md5");
  const rows = page.getByTestId("task-row");
  await expect(rows.first()).toContainText(/md5/i);
  await expect(page.getByTestId("gold")).toHaveCount(0);
  await rows.first().getByRole("button", { name: "show gold" }).click();
  await expect(page.getByTestId("gold").first()).toContainText("md5sum");
});
