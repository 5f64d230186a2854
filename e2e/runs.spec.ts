import { test, expect, request as newRequest } from "@playwright/test";
import { E2E_PORT, stateFile } from "./accounts";
import { importRun } from "./importLog";

// A researcher renames a run and deletes another with its episodes; nobody else may do either.

const stamp = Date.now().toString(36);

test("a run is renamed, and another deleted with its episodes after a confirmation", async ({ page }) => {
  const keep = `e2e rename me ${stamp}`;
  const drop = `e2e delete me ${stamp}`;
  await importRun(page.request, keep, "bash/gpt-3.5/ic_bash_react_10_turns_fs_4.json");
  const dropId = await importRun(
    page.request,
    drop,
    "bash/text-davinci-003/ic_bash_multiturn_text-davinci-003_10_turns_fs_4.json",
  );
  const episodesOf = async (runId: string) =>
    (await (await page.request.get(`/api/episodes?runId=${runId}&pageSize=1`)).json()).total as number;
  expect(await episodesOf(dropId)).toBe(27);

  await page.goto("/runs");
  await page.getByRole("button", { name: `Rename ${keep}` }).click();
  await page.getByLabel(`New name of ${keep}`).fill(`${keep} renamed`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("runs-table")).toContainText(`${keep} renamed`);

  const asked: string[] = [];
  page.once("dialog", (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await page.getByRole("button", { name: `Delete ${drop}` }).click();
  await expect.poll(() => asked).toEqual([`Delete run ${drop} and its 27 episodes? This cannot be undone.`]);
  await expect(page.getByTestId("runs-table")).toContainText(drop); // kept: the question was answered no
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: `Delete ${drop}` }).click();
  await expect(page.getByTestId("runs-table")).not.toContainText(drop);
  expect(await episodesOf(dropId)).toBe(0);
  expect((await page.request.delete(`/api/runs/${dropId}`)).status()).toBe(404);
  // A name another run has is refused, and so is a comma.
  const { runs } = await (await page.request.get("/api/runs")).json();
  const renamed = runs.find((r: { name: string }) => r.name === `${keep} renamed`);
  const other = runs.find((r: { name: string }) => r.name !== renamed.name);
  expect((await page.request.patch(`/api/runs/${renamed.id}`, { data: { name: other.name } })).status()).toBe(409);
  expect((await page.request.patch(`/api/runs/${renamed.id}`, { data: { name: "a,b" } })).status()).toBe(400);
});

test("a stranger and a participant may neither rename nor delete a run", async ({ page }) => {
  const name = `e2e not yours ${stamp}`;
  const id = await importRun(page.request, name, "bash/gpt-3.5/ic_bash_react_10_turns_fs_4.json");
  const base = `http://127.0.0.1:${E2E_PORT}`;
  const stranger = await newRequest.newContext({ baseURL: base, storageState: { cookies: [], origins: [] } }); // else it would be signed in as the project's researcher
  const participant = await newRequest.newContext({ baseURL: base, storageState: stateFile("participant") });
  for (const [api, status] of [
    [stranger, 401],
    [participant, 403],
  ] as const) {
    expect((await api.patch(`/api/runs/${id}`, { data: { name: "taken over" }, headers: { origin: base } })).status()).toBe(
      status,
    );
    expect((await api.delete(`/api/runs/${id}`, { headers: { origin: base } })).status()).toBe(status);
  }
  await stranger.dispose();
  await participant.dispose();
  const { runs } = await (await page.request.get("/api/runs")).json();
  expect(runs.find((r: { id: string }) => r.id === id)).toMatchObject({ name, episodes: 27 });
});
