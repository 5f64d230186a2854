import { test, expect } from "@playwright/test";
import { startFakeChatServer, type FakeChatServer } from "../lib/agents/testing/FakeChatServer";
import { E2E_LLM_PORT } from "./accounts";

// A Best-of-N run on a Python task, its candidates fixed by a FAKE chat server listening where the
// e2e server's endpoint e2e-local points: the run's replay shows the search of the step it executed
// (each candidate's public-test result and score, its diff from the chosen one), and only the
// chosen candidate was ever typed into the episode.

const py = (code: string) => "```python\n" + code + "\n```";
const WRONG = "def similar_elements(a, b):\n    return tuple(a)";
const RIGHT = "def similar_elements(a, b):\n    common = set(a) & set(b)\n    return tuple(sorted(common))";
const RAISES = "def similar_elements(a, b):\n    common = a.intersection(b)\n    return tuple(sorted(common))";

let fake: FakeChatServer;
test.beforeAll(async () => {
  fake = await startFakeChatServer([py(WRONG), py(RIGHT), py(RAISES)], null, E2E_LLM_PORT);
});
test.afterAll(async () => {
  await fake?.close();
});

test("a Best-of-N step shows its candidates beside the chosen one; a losing candidate never ran in the episode", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto("/agent-runs");
  await page.getByLabel("Policy").selectOption("best-of-n");
  await expect(page.getByLabel("Environment")).toHaveValue("python");
  await page.getByLabel("Tasks").fill("mbpp:1");
  await page.getByLabel("Turn limit").fill("3");
  await page.getByLabel("Concurrency").fill("1");
  await page.getByLabel("Candidates").fill("3");
  await expect(page.getByLabel("Endpoint")).toHaveValue("e2e-local");
  await page.getByLabel("Run name").fill("e2e best-of-3");
  await page.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(/\/agent-runs\/\w+$/, { timeout: 20_000 });
  await expect(page.getByTestId("run-progress")).toHaveAttribute("data-done", "true", { timeout: 150_000 });
  await expect(page.getByTestId("run-episode")).toHaveAttribute("data-status", "submitted");
  // one turn of three candidates, then a submit the policy makes without asking
  expect(fake.requests).toHaveLength(3);
  // sampled, or the N candidates of a real model would be one
  expect(fake.requests.map((r) => r.temperature)).toEqual([0.8, 0.8, 0.8]);

  await page.getByTestId("run-episode").getByRole("link", { name: "replay" }).click();
  await expect(page).toHaveURL(/\/episodes\/\w+/);
  const episodeId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByTestId("score-mucode")).toContainText("solved at turn 1");
  await expect(page.getByText("agent: e2e-model · best-of-3")).toBeVisible();
  // the turn that holds the search says so in the step list
  await expect(page.getByTestId("step-row").first().getByTestId("step-best-of-n")).toHaveText("best of 3");
  await expect(page.getByTestId("step-best-of-n")).toHaveCount(1);
  await page.getByTestId("step-row").first().click();

  const search = page.getByTestId("best-of-n");
  await expect(search).toBeVisible();
  await expect(search).toContainText("best of 3");
  const candidates = search.getByTestId("candidate");
  await expect(candidates).toHaveCount(3);
  // the chosen one in full, with its public-test result and score
  const chosen = search.locator("[data-testid=candidate][data-chosen]");
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toContainText("return tuple(sorted(common))");
  await expect(chosen).toContainText("public tests 1/1");
  await expect(chosen).toContainText("score 1.00");
  // the losers as diffs from it: the lines only they have marked added, the chosen one's removed
  const wrong = candidates.filter({ hasText: "return tuple(a)" });
  await expect(wrong).toContainText("public tests 0/1");
  await expect(wrong).toContainText("score 0.00");
  await expect(wrong.getByTestId("diff-added")).toHaveText(["+ return tuple(a)"]);
  // a failed assert says which public test failed (InterCode's own error is a bare "Error: ")
  await expect(wrong.getByTestId("candidate-failure")).toHaveText(
    "FAIL assert similar_elements((3, 4, 5, 6),(5, 7, 4, 10)) == (4, 5)",
  );
  await expect(wrong.getByTestId("diff-removed")).toHaveText(["- common = set(a) & set(b)", "- return tuple(sorted(common))"]);
  const raises = candidates.filter({ hasText: "a.intersection(b)" });
  await expect(raises).toContainText("public tests 0/1");
  await expect(raises.getByTestId("candidate-failure")).toHaveText(
    /^FAIL assert similar_elements[\s\S]*Error: 'tuple' object has no attribute 'intersection'$/,
  );
  await expect(raises.getByTestId("diff-added")).toHaveText(["+ common = a.intersection(b)"]);
  await page.screenshot({ path: ".data/test-results/best-of-n-replay.png" });
  await search.scrollIntoViewIfNeeded();
  await page.screenshot({ path: ".data/test-results/best-of-n-candidates.png" });

  // Only the chosen candidate reached the episode: its steps and everything its terminal recorded.
  const steps = await (await request.get(`/api/episodes/${episodeId}/steps`)).json();
  expect(steps.steps.map((s: { action: string }) => s.action)).toEqual([RIGHT, "submit"]);
  const cast = await (await request.get(`/api/episodes/${episodeId}/cast`)).text();
  expect(cast).toContain("tuple(sorted(common))");
  expect(cast).not.toContain("tuple(a)");
  expect(cast).not.toContain("intersection");

  // Compare, by µCode: the share that passed the public tests beside the share that passed the private ones too
  await page.goto(`/compare?runs=${encodeURIComponent("e2e best-of-3")}&mode=mucode`);
  const row = page.getByTestId("mucode-shares").getByRole("row").filter({ hasText: "e2e best-of-3" });
  await expect(row.getByRole("cell")).toHaveText(["e2e best-of-3", "1", "100.0 % (1)", "100.0 % (1)"]);
});
