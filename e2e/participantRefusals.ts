import { expect, request as newRequest, type APIRequestContext } from "@playwright/test";
import { E2E_PORT, stateFile } from "./accounts";

/** A participant (plain, or a study's) reads no gold, no runs, no tokens, no studies, no one else's episode: 403 every time. */
export async function expectParticipantRefused(api: APIRequestContext, ownName: string): Promise<void> {
  const researcher = await newRequest.newContext({
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    storageState: stateFile("researcher"),
  });
  const task = (await (await researcher.get("/api/tasks?dataset=nl2bash_fs_1&pageSize=1")).json()).tasks[0];
  const others = (await (await researcher.get("/api/episodes?pageSize=50")).json()).episodes as {
    id: string;
    playerName: string | null;
  }[];
  const someone = others.find((e) => e.playerName !== ownName);
  await researcher.dispose();
  const refused = [
    `/api/tasks/${task.id}/gold`,
    "/api/tasks",
    `/tasks/${task.id}`,
    "/tasks",
    "/api/runs",
    "/runs",
    "/api/agent-runs",
    "/agent-runs",
    "/api/tokens",
    "/api/stats",
    "/compare",
    "/episodes",
    "/api/episodes",
    "/studies",
    "/api/studies",
  ];
  if (someone)
    refused.push(
      `/episodes/${someone.id}`,
      `/api/episodes/${someone.id}`,
      `/api/episodes/${someone.id}/cast`,
      `/api/episodes/${someone.id}/events`,
      `/api/episodes/${someone.id}/steps`,
    );
  for (const url of refused) expect((await api.get(url, { maxRedirects: 0 })).status(), url).toBe(403);
  expect((await api.post("/api/tokens", { data: { name: "mine" } })).status()).toBe(403);
  expect((await api.post("/api/imports", { data: { files: [] } })).status()).toBe(403);
  expect((await api.post("/api/studies", { data: { name: "mine", tasks: "fs1:0" } })).status()).toBe(403);
}
