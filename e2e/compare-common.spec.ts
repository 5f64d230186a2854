import { test, expect } from "@playwright/test";
import { importRun } from "./importLog";

// Compare on common ground: groups that attempted different tasks are compared on the tasks all of
// them attempted (by default, saying how many); grouping by model keeps environments and turn limits apart.

const stamp = Date.now().toString(36);

test("runs over different tasks are compared on the tasks both attempted, by default, and the page says how many", async ({
  page,
}) => {
  const small = `e2e fs4 only ${stamp}`;
  const big = `e2e fs3 and fs4 ${stamp}`;
  await importRun(page.request, small, "bash/gpt-3.5/ic_bash_react_10_turns_fs_4.json");
  await importRun(
    page.request,
    big,
    "bash/text-davinci-003/ic_bash_multiturn_text-davinci-003_10_turns_fs_4.json",
    "bash/gpt-3.5/ic_bash_react_10_turns_fs_3.json",
  );
  await page.goto(`/compare?runs=${encodeURIComponent(small)},${encodeURIComponent(big)}`);
  await expect(page.getByTestId("common-ground")).toBeChecked();
  await expect(page.getByTestId("common-ground-note")).toHaveText(
    /^Counting only the 27 tasks all 2 groups attempted \(of \d+ attempted by any\), since the groups attempted different tasks\.$/,
  );
  const table = page.getByTestId("stats-table");
  const n = () => table.getByRole("row").filter({ hasText: big }).getByRole("cell").nth(1);
  await expect(n()).toHaveText("27");

  await page.getByTestId("common-ground").click(); // the address changes, then the page
  await expect(page).toHaveURL(/common=0/);
  await expect(page.getByTestId("common-ground-note")).toContainText("27 of");
  await expect(n()).not.toHaveText("27");
});

test("grouping by model keeps environments and turn limits apart", async ({ page }) => {
  const bash = `e2e model bash ${stamp}`;
  const python = `e2e model python ${stamp}`;
  await importRun(page.request, bash, "bash/gpt-3.5/ic_bash_react_10_turns_fs_4.json");
  await importRun(page.request, python, "python/gpt-3.5/ic_python_multiturn_gpt-3.5_7_turns.json");
  await page.goto(`/compare?runs=${encodeURIComponent(bash)},${encodeURIComponent(python)}`);
  await page.getByLabel("Group by").selectOption({ label: "Model (per environment and turn limit)" });
  await expect(page).toHaveURL(/group=model%2Cenvironment%2CturnLimit|group=model,environment,turnLimit/);
  const table = page.getByTestId("stats-table");
  // The two runs' model as their logs tell it, then the environment and the turn limit.
  await expect(table.getByTestId("stats-row")).toHaveCount(2);
  await expect(table).toContainText(/ · bash · 10 turns/);
  await expect(table).toContainText("gpt-3.5 · python · 7 turns");
});
