import { test, expect } from "@playwright/test";

// What a new user sees on a server with no data yet. Playwright runs this file before every other
// (playwright.config.ts: the "fresh server" project), while the e2e server's database is empty.

test("Compare without runs says how to get some", async ({ page, request }) => {
  expect((await (await request.get("/api/runs")).json()).runs).toEqual([]);
  await page.goto("/compare");
  await expect(page.getByTestId("compare-empty")).toContainText("No runs yet: import logs with npx plateau import");
  await page.getByTestId("compare-empty").getByRole("link", { name: "upload them on the Runs page" }).click();
  await expect(page).toHaveURL(/\/runs$/);
});
