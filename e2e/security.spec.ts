import { createServer, type Server } from "node:http";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test, expect, request as newRequest, type APIRequestContext } from "@playwright/test";
import { E2E_PORT, stateFile } from "./accounts";
import { expectParticipantRefused } from "./participantRefusals";

// A closed door, tried as an attacker and as a participant would: pages of another origin, every
// route asked anonymously, and a participant reaching for the gold and other people's things.

const BASE = `http://127.0.0.1:${E2E_PORT}`;

async function count(api: APIRequestContext, url: string, key: string): Promise<number> {
  const body = await (await api.get(url)).json();
  return Array.isArray(body[key]) ? body[key].length : body[key];
}

test.describe("a page of another origin", () => {
  let attacker: Server;
  let attackerUrl = "";
  test.beforeAll(async () => {
    // Same site (127.0.0.1), another port: SameSite cookies alone would not stop it; the Origin check must.
    attacker = createServer((req, res) => {
      res.setHeader("content-type", "text/html");
      res.end(`<!doctype html><body>
        <form id="f" method="post" action="${BASE}/api/tokens" enctype="text/plain" target="sink1"><input name='{"name":"evil","x":"' value='"}'></form>
        <form id="g" method="post" action="${BASE}/play/1/start" target="sink2"></form>
        <iframe name="sink1"></iframe><iframe name="sink2"></iframe>
        <img src="${BASE}/play/1">
        <script>
          window.results = {};
          document.getElementById("f").submit();
          document.getElementById("g").submit();
          fetch("${BASE}/api/tokens", { method: "POST", mode: "no-cors", credentials: "include", headers: { "content-type": "text/plain" }, body: '{"name":"evil-fetch"}' })
            .then(() => (results.fetch = "sent"), () => (results.fetch = "failed"));
          const ws = new WebSocket("ws://127.0.0.1:${E2E_PORT}/socket.io/?EIO=4&transport=websocket");
          ws.onopen = () => (results.ws = "open");
          ws.onerror = () => (results.ws = "refused");
          const xhr = new XMLHttpRequest();
          xhr.open("GET", "${BASE}/socket.io/?EIO=4&transport=polling");
          xhr.withCredentials = true;
          xhr.onload = () => (results.polling = xhr.status);
          xhr.onerror = () => (results.polling = "refused");
          xhr.send();
        </script>`);
    });
    await new Promise<void>((r) => attacker.listen(0, "127.0.0.1", r));
    attackerUrl = `http://127.0.0.1:${(attacker.address() as { port: number }).port}/`;
  });
  test.afterAll(() => new Promise<void>((r) => attacker.close(() => r())));

  test("a signed-in researcher visiting it: forms, fetch, an image and a socket are all refused, nothing is created", async ({
    page,
  }) => {
    const api = page.request;
    const tokensBefore = await count(api, "/api/tokens", "tokens");
    const episodesBefore = await count(api, "/api/episodes?pageSize=1", "total");
    const refusals: number[] = [];
    page.on("response", (r) => {
      if (r.url().startsWith(BASE) && r.request().method() === "POST") refusals.push(r.status());
    });
    await page.goto(attackerUrl);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { results: Record<string, unknown> }).results), { timeout: 10_000 })
      .toMatchObject({ ws: "refused", fetch: "sent" });
    await expect.poll(() => refusals.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(refusals.every((s) => s === 403)).toBe(true);
    await page.waitForTimeout(500);
    expect(await count(api, "/api/tokens", "tokens")).toBe(tokensBefore);
    expect(await count(api, "/api/episodes?pageSize=1", "total")).toBe(episodesBefore);
    expect(await page.evaluate(() => (window as unknown as { results: Record<string, unknown> }).results.polling)).not.toBe(200);
  });
});

/** Every page and route under app/, with made-up parameters, and the methods each route exports. */
function appRoutes(): { url: string; methods: string[] }[] {
  const out: { url: string; methods: string[] }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === "page.tsx" || name === "route.ts") {
        const rel = path.relative("app", dir).split(path.sep).filter(Boolean);
        const url = "/" + rel.map((s) => (s === "[taskId]" ? "1" : s.startsWith("[") ? "x1" : s)).join("/");
        const src = readFileSync(full, "utf8");
        const methods =
          name === "page.tsx"
            ? ["GET"]
            : ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) =>
                new RegExp(`export (async )?(function|const) ${m}\\b`).test(src),
              );
        out.push({ url, methods });
      }
    }
  };
  walk("app");
  return out;
}

/** Open to anyone, on purpose. */
const PUBLIC = new Set(["/sign-in", "/api/health", "/api/v1/openapi.json", "/join/x1", "/api/studies/join"]);

test("every route and page asks an anonymous visitor to sign in (401 on the API), except the public ones", async () => {
  // (The test runner would give a new context the project's signed-in state: say "nobody" outright.)
  const anonymous = await newRequest.newContext({ baseURL: BASE, storageState: { cookies: [], origins: [] } });
  const routes = appRoutes();
  expect(routes.length).toBeGreaterThan(30);
  for (const { url, methods } of routes) {
    for (const method of methods) {
      const res = await anonymous.fetch(url, { method, maxRedirects: 0, data: method === "GET" ? undefined : {} });
      const what = `${method} ${url} → ${res.status()}`;
      if (PUBLIC.has(url)) {
        // Answered (a bad invite is a 400), never sent to sign in.
        expect(res.status(), what).not.toBe(401);
        expect(res.headers().location ?? "", what).not.toMatch(/sign-in/);
      } else if (url.startsWith("/api/")) {
        expect(res.status(), what).toBe(401);
      } else {
        expect([303, 401], what).toContain(res.status());
        if (res.status() === 303) expect(res.headers().location, what).toMatch(/^\/sign-in\?next=/);
      }
    }
  }
  await anonymous.dispose();
});

test.describe("a participant", () => {
  test.use({ storageState: stateFile("participant") });

  test("reads no gold, no runs, no tokens, no one else's episode: 403 every time", async ({ page }) => {
    await expectParticipantRefused(page.request, "participant");
  });

  test("plays what their study gives them: the reward (the study shows it) but never the gold; no task of their own choosing", async ({
    browser,
  }) => {
    const researcher = await newRequest.newContext({ baseURL: BASE, storageState: stateFile("researcher") });
    const tasks = (await (await researcher.get("/api/tasks?dataset=nl2bash_fs_1&pageSize=2")).json()).tasks;
    const [task, other] = tasks;
    const gold = (await (await researcher.get(`/api/tasks/${task.id}/gold`)).json()).gold as string;
    const study = await (
      await researcher.post("/api/studies", {
        data: { name: `gold stays hidden ${Date.now()}`, tasks: `fs1:${task.index}`, showReward: true },
      })
    ).json();
    const { link } = await (await researcher.post(`/api/studies/${study.id}/invites`, { data: {} })).json();
    await researcher.dispose();

    const ctx = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await ctx.newPage();
    await page.goto(link);
    await page.getByLabel(/A name to be known by/).fill("Pat");
    await page.getByRole("button", { name: "Join the study" }).click();
    await expect(page.getByTestId("study-step")).toHaveText("Task 1 of 1");
    await page.getByTestId("study-next").click();
    await page.waitForURL(new RegExp(`/play/${task.id}\\?episode=`));
    const episodeId = new URL(page.url()).searchParams.get("episode")!;
    await expect.poll(() => page.evaluate(() => !!window.__plateauTerm), { timeout: 20_000 }).toBe(true);
    // No task of their own choosing: not by Play's form, not by its page, not with their episode under another task.
    expect((await page.request.post(`/play/${other.id}/start`, { form: { once: "abcdefgh12" } })).status()).toBe(403);
    for (const url of [`/play/${other.id}`, `/play/${task.id}`, `/play/${other.id}?episode=${episodeId}`])
      expect((await page.request.get(url)).status(), url).toBe(403);
    await page.getByTestId("terminal").click();
    await page.keyboard.type(gold);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("turns")).toHaveText("1 / 10", { timeout: 20_000 }); // the study's turn limit
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByTestId("reward")).toHaveText("1.00", { timeout: 30_000 });
    await expect(page.getByTestId("result-gold")).toHaveCount(0);
    const replay = await (await page.request.get(`/api/episodes/${episodeId}`)).json();
    expect(replay.scores.length).toBe(2);
    expect(replay.scores.every((s: { breakdown: object }) => Object.keys(s.breakdown).length === 0)).toBe(true);
    expect(JSON.stringify(replay)).not.toContain(gold);
    await page.goto(`/episodes/${episodeId}`);
    await expect(page.getByTestId("task-query")).toBeVisible();
    await expect(page.getByRole("button", { name: "show gold" })).toHaveCount(0);
    await expectParticipantRefused(page.request, "Pat");
    await page.goto("/");
    await expect(page.getByTestId("completion-code")).toBeVisible();
    await ctx.close();
  });
});

test("a sandbox writing twice its disk quota gets ENOSPC in its terminal, and the server stays healthy", async ({ page }) => {
  test.setTimeout(120_000);
  const task = (await (await page.request.get("/api/tasks?dataset=nl2bash_fs_3&pageSize=1")).json()).tasks[0];
  await page.goto(`/play/${task.id}`);
  await page.getByTestId("start-episode").click();
  await page.waitForURL(/episode=/);
  const screen = () =>
    page.evaluate(() => {
      const b = window.__plateauTerm?.buffer.active;
      return b ? Array.from({ length: b.length }, (_, i) => b.getLine(i)!.translateToString(true)).join("\n") : "";
    });
  await expect.poll(screen, { timeout: 20_000 }).toMatch(/\$ $/m);
  // scripts/e2e-server.sh caps each sandbox at 128 MiB: write 256.
  await page.getByTestId("terminal").click();
  await page.keyboard.type("head -c 256M /dev/zero > ~/fill; echo wrote=$?; ls -la ~/fill | wc -l");
  await page.keyboard.press("Enter");
  await expect.poll(screen, { timeout: 90_000 }).toMatch(/(No space left on device|Disk quota exceeded)[\s\S]*wrote=1/);
  const health = await page.request.get("/api/health");
  expect(health.status()).toBe(200);
  expect((await health.json()).database.ok).toBe(true);
  await page.getByRole("button", { name: "Skip" }).click();
});
