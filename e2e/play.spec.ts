import { test, expect, type Page } from "@playwright/test";
import { startEpisode, typeLine, waitForScreen } from "./terminal";

// A person plays a Bash task in the browser: the real terminal, a real sandbox, the reward.

async function openTask(page: Page, dataset: string, index: number) {
  const res = await page.request.get(`/api/tasks?dataset=${dataset}&pageSize=200`);
  const { tasks } = await res.json();
  const task = tasks.find((t: { index: number }) => t.index === index);
  await startEpisode(page, task.id);
  await waitForScreen(page, /\$ $/m);
  return task;
}

test("a person types the gold command, submits, and sees reward 1.00", async ({ page }) => {
  const res = await page.request.get(`/api/tasks?dataset=nl2bash_fs_1&pageSize=1`);
  const task = (await res.json()).tasks[0];
  const gold = (await (await page.request.get(`/api/tasks/${task.id}/gold`)).json()).gold as string;
  await openTask(page, "nl2bash_fs_1", 0);
  await expect(page.getByTestId("task-query")).toHaveText(task.query);
  await typeLine(page, gold);
  await expect(page.getByTestId("turns")).toHaveText("1");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("reward")).toHaveText("1.00", { timeout: 30_000 });
  await expect(page.getByTestId("result-gold")).toHaveText(gold);
  await expect(page.getByRole("link", { name: /Open the replay/ })).toBeVisible();
  // Ended: Next task is the primary action, not the disabled Submit.
  await expect(page.getByRole("button", { name: "Submit" })).not.toHaveClass(/primary/);
  await expect(page.locator("main .primary")).toHaveCount(1);
  await expect(page.getByTestId("next-task")).toHaveClass(/primary/);
});

test("the result and the replay show what the last output was compared with: each mode's gold as it ran", async ({ page }) => {
  // fs1 #25's gold quotes "*.html": InterCode's argv (docker-py's shlex split) loses the quotes, Plateau's keeps them.
  await openTask(page, "nl2bash_fs_1", 25);
  await typeLine(page, 'find /testbed -name "*.html" | wc -l');
  await expect(page.getByTestId("turns")).toHaveText("1");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("reward")).toBeVisible({ timeout: 30_000 });
  const runs = page.getByTestId("gold-run");
  await expect(runs).toHaveCount(2);
  await expect(runs.nth(0)).toContainText("Gold as run for intercode");
  await expect(runs.nth(1)).toContainText("Gold as run for plateau");
  await runs.nth(0).locator("summary").click();
  await runs.nth(1).locator("summary").click();
  const argv = page.getByTestId("gold-argv");
  await expect(argv.nth(0)).toContainText('"-c"');
  await expect(argv.nth(0)).not.toContainText('\\"*.html\\"');
  await expect(argv.nth(1)).toContainText('\\"*.html\\"');
  await expect(page.getByTestId("gold-output").nth(1)).not.toHaveText("(empty)");

  await page.getByRole("link", { name: /Open the replay/ }).click();
  await expect(page.getByTestId("scores")).toBeVisible();
  await expect(page.getByTestId("score-intercode").getByTestId("gold-run")).toContainText("Gold as run for intercode");
  await expect(page.getByTestId("score-plateau").getByTestId("gold-run")).toContainText("Gold as run for plateau");
});

test("typing exit gives a fresh shell in the same sandbox: the files and the episode go on", async ({ page }) => {
  await openTask(page, "nl2bash_fs_3", 2);
  await typeLine(page, "echo survives > /tmp/after-exit");
  await typeLine(page, "exit");
  await waitForScreen(page, /a fresh one starts in the same sandbox[\s\S]*\$ $/);
  await typeLine(page, "cat /tmp/after-exit");
  await waitForScreen(page, /^survives$/m);
  await expect(page.getByTestId("turns")).toHaveText("3");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByTestId("reward")).toBeVisible({ timeout: 30_000 });
});

test("reloading mid-episode keeps the screen and the turn count", async ({ page }) => {
  await openTask(page, "nl2bash_fs_2", 3);
  await typeLine(page, "echo kept-across-reload");
  await waitForScreen(page, /^kept-across-reload$/m);
  await typeLine(page, "pwd");
  await expect(page.getByTestId("turns")).toHaveText("2");
  const url = page.url();
  expect(url).toContain("episode=");
  await page.reload();
  await waitForScreen(page, /^kept-across-reload$/m);
  await expect(page.getByTestId("turns")).toHaveText("2");
  await typeLine(page, "echo third");
  await expect(page.getByTestId("turns")).toHaveText("3");
});

/** An episode with `before-reload` on its screen (one turn): its id. */
async function episodeToReload(page: Page): Promise<string | null> {
  await openTask(page, "nl2bash_fs_2", 3);
  await typeLine(page, "echo before-reload");
  await waitForScreen(page, /^before-reload$/m);
  return new URL(page.url()).searchParams.get("episode");
}

/** What the page sends on its WebSockets to socket.io from now on; each is let through once `through` resolves. */
async function framesSent(page: Page, through: Promise<void> = Promise.resolve()): Promise<string[]> {
  const sent: string[] = [];
  await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
    await through;
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      sent.push(String(m));
      server.send(m);
    });
  });
  return sent;
}

/** After the reload: the screen is back, and the player's next command is the second turn. */
async function playsOn(page: Page): Promise<void> {
  await waitForScreen(page, /^before-reload$/m);
  await typeLine(page, "echo after-reload");
  await waitForScreen(page, /^after-reload$/m);
  await expect(page.getByTestId("turns")).toHaveText("2");
}

/** socket.io's CONNECT ("40" + its auth) was sent once and carried the attach; no attach followed by message. */
function attachedOnConnect(sent: string[], episodeId: string | null): void {
  const connects = sent.filter((m) => m.startsWith("40"));
  expect(connects).toHaveLength(1);
  expect(JSON.parse(connects[0].slice(2)).attach?.episodeId).toBe(episodeId);
  expect(sent.filter((m) => m.startsWith('42["play:attach"'))).toEqual([]);
}

test("a reload's connection asks for the episode as it opens, also when the terminal is built first: no second attach a round trip later", async ({
  page,
}) => {
  const episodeId = await episodeToReload(page);
  // The new page's connection waits (still opening) until the test lets it through.
  let release!: () => void;
  const sent = await framesSent(page, new Promise<void>((r) => (release = r)));
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!window.__plateauTerm)).toBe(true); // built without its connection
  release();
  await playsOn(page);
  attachedOnConnect(sent, episodeId);
  // The terminal then sent only its size.
  expect(sent.filter((m) => m.startsWith('42["play:resize"')).length).toBeGreaterThan(0);
});

test("a reload's one WebSocket opens while the page is still loading, and the terminal plays on it", async ({ page }) => {
  await episodeToReload(page);
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const opened: string[] = ((window as unknown as { __opened: string[] }).__opened = []);
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        opened.push(document.readyState);
      }
    };
  });
  await page.reload();
  await playsOn(page);
  expect(await page.evaluate(() => (window as unknown as { __opened: string[] }).__opened)).toEqual(["loading"]);
});

test("a reload whose scripts come late finds its screen waiting: the inline script asked to attach, socket.io's client asks nothing again", async ({
  page,
}) => {
  const episodeId = await episodeToReload(page);
  const sent = await framesSent(page);
  // The page's scripts wait until its WebSocket has been answered (the server's handshake, its
  // CONNECT, the screen): socket.io's client takes over a socket that is open and has had its answer.
  let answered!: () => void;
  const scripts = new Promise<void>((r) => (answered = r));
  await page.route(/\/_next\/static\/chunks\/.*\.js$/, async (route) => {
    await scripts;
    await route.continue();
  });
  const reloaded = page.reload();
  await expect.poll(() => sent.filter((m) => m.startsWith("40")).length).toBe(1);
  await page.waitForTimeout(300);
  answered();
  await reloaded;
  await playsOn(page);
  attachedOnConnect(sent, episodeId);
});

test("a task that cannot be played live says why; an unknown task is a 404 page", async ({ page }) => {
  // CTF task 1: its disk image is not in InterCode's data.
  const res = await page.request.get(`/api/tasks?env=ctf&pageSize=2`);
  const task = (await res.json()).tasks[1];
  await page.goto(`/play/${task.id}`);
  await expect(page.getByTestId("play-error")).toContainText(
    /challenge file dds2-alpine\.flag\.img\.gz is not in InterCode's data/,
  );
  // Nothing to press: no Start, and no Submit before an episode.
  await expect(page.getByTestId("start-episode")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);
  const unknown = await page.goto("/play/99999999");
  expect(unknown?.status()).toBe(404);
  expect((await page.goto("/play/x"))?.status()).toBe(404);
});

test("before an episode, Start is the page's one primary action (no disabled Submit)", async ({ page }) => {
  const task = (await (await page.request.get(`/api/tasks?dataset=nl2bash_fs_2&pageSize=1`)).json()).tasks[0];
  await page.goto(`/play/${task.id}`);
  const start = page.getByTestId("start-episode");
  await expect(start).toBeInViewport();
  await expect(start).toHaveClass(/primary/);
  await expect(page.locator("main .primary")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);
});

test("the prompt is in the page's first paint, and keys typed before the terminal loads are not lost", async ({ page }) => {
  const res = await page.request.get(`/api/tasks?dataset=nl2bash_fs_3&pageSize=1`);
  const task = (await res.json()).tasks[0];
  // Hold the page's scripts back: what shows meanwhile is the server's HTML and its inline script.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/_next\/static\/chunks\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/play/${task.id}`, { waitUntil: "commit" });
  // A form: it posts without the page's scripts.
  await page.getByTestId("start-episode").click({ noWaitAfter: true });
  await page.waitForURL(/episode=/, { waitUntil: "commit" });
  const preview = page.getByTestId("screen-preview");
  await expect(preview).toContainText(/player@plateau:\S*\$/);
  expect(page.url()).toContain("episode="); // a reload from here keeps the episode
  await expect(page.getByTestId("turns")).toHaveText("0");
  await page.keyboard.type("echo typed-early");
  await expect(preview).toContainText("echo typed-early");
  await page.keyboard.press("Enter");
  release();
  await waitForScreen(page, /^typed-early$/m);
  await expect(page.getByTestId("turns")).toHaveText("1");
  await expect(preview).toHaveCount(0); // the live terminal took over
  // Its connection attached before the terminal was built, knowing no size: the shell has the terminal's now.
  const size = await page.evaluate(() => {
    const term = (window as unknown as { __plateauTerm: { cols: number; rows: number } }).__plateauTerm;
    return `${term.rows} ${term.cols}`;
  });
  await page.keyboard.type("stty size");
  await page.keyboard.press("Enter");
  await waitForScreen(page, new RegExp(`^${size}$`, "m"));
});

test("once the page's scripts run, Start opens the episode in the same page, and keys typed while it comes reach the shell", async ({
  page,
}) => {
  const task = (await (await page.request.get(`/api/tasks?dataset=nl2bash_fs_3&pageSize=1`)).json()).tasks[0];
  await page.goto(`/play/${task.id}`);
  await page.waitForLoadState("networkidle"); // a person reads the task first: the page's scripts have run
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  // The episode's page is held back: the keys typed meanwhile have no terminal yet.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/play\/\d+\?episode=/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId("start-episode").click();
  await page.keyboard.type("echo typed-while-starting");
  await page.keyboard.press("Enter");
  release();
  await page.waitForURL(/\/play\/\d+\?episode=/);
  await waitForScreen(page, /^typed-while-starting$/m);
  await expect(page.getByTestId("turns")).toHaveText("1");
  // No new document was loaded: what the test left on the page is still there.
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // A reload of that page reattaches to the episode (the player's token came with the POST's answer).
  await page.reload();
  await waitForScreen(page, /^typed-while-starting$/m);
  await typeLine(page, "echo after-reload");
  await expect(page.getByTestId("turns")).toHaveText("2");
});

test("Start's POST: a form gets a redirect to the episode, the page's script its address; both set the player's cookie", async ({
  page,
}) => {
  const task = (await (await page.request.get(`/api/tasks?dataset=nl2bash_fs_2&pageSize=1`)).json()).tasks[0];
  const asForm = await page.request.post(`/play/${task.id}/start`, {
    form: { once: crypto.randomUUID() },
    headers: { accept: "text/html" },
    maxRedirects: 0,
  });
  expect(asForm.status()).toBe(303);
  expect(asForm.headers()["location"]).toMatch(new RegExp(`^/play/${task.id}\\?episode=\\w+$`));
  expect(asForm.headers()["set-cookie"]).toMatch(/HttpOnly; SameSite=Strict/);
  const asScript = await page.request.post(`/play/${task.id}/start`, {
    form: { once: crypto.randomUUID() },
    headers: { accept: "application/json" },
    maxRedirects: 0,
  });
  expect(asScript.status()).toBe(200);
  const { location, episodeId } = await asScript.json();
  expect(location).toMatch(new RegExp(`^/play/${task.id}\\?episode=\\w+$`));
  expect(location).toBe(`/play/${task.id}?episode=${episodeId}`); // the terminal that takes the held keys
  expect(location).not.toBe(asForm.headers()["location"]); // two keys, two episodes
  expect(asScript.headers()["set-cookie"]).toMatch(new RegExp(`Path=/play/${task.id}; HttpOnly; SameSite=Strict`));
  // Both episodes end here (each holds a sandbox).
  for (const url of [asForm.headers()["location"], location]) {
    await page.goto(url);
    await waitForScreen(page, /\$ $/m);
    await page.getByRole("button", { name: "Skip" }).click();
    await expect(page.getByTestId("play-status")).toContainText(/skipped|ended/i);
  }
});

test("with the connection slow to open, the terminal is built anyway, and keys typed into it reach the shell once it connects", async ({
  page,
}) => {
  const task = (await (await page.request.get(`/api/tasks?dataset=nl2bash_fs_3&pageSize=1`)).json()).tasks[0];
  // The page's live connection waits (still opening) until the test lets it through to the server.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
    await held;
    ws.connectToServer();
  });
  await startEpisode(page, task.id);
  await expect.poll(() => page.evaluate(() => !!window.__plateauTerm)).toBe(true);
  await expect(page.getByTestId("play-status")).toHaveText("connecting…");
  await page.keyboard.type("echo held-keys");
  await page.keyboard.press("Enter");
  await page.waitForTimeout(300); // typed well before the connection opens
  release();
  await waitForScreen(page, /^held-keys$/m);
  await expect(page.getByTestId("turns")).toHaveText("1");
  await expect(page.getByTestId("play-status")).toHaveText("connected");
});

test("browsing the task list or opening Play starts no episode; its Play button starts exactly one", async ({ page }) => {
  const res = await page.request.get(`/api/tasks?dataset=nl2bash_fs_2&pageSize=1`);
  const task = (await res.json()).tasks[0];
  const humanEpisodes = async () =>
    (await (await page.request.get(`/api/episodes?taskId=${task.id}&player=human&pageSize=1`)).json()).total as number;
  const before = await humanEpisodes();
  await page.goto(`/tasks?dataset=nl2bash_fs_2`);
  const play = page.getByRole("row").filter({ hasText: task.query }).getByRole("button", { name: "Play" });
  await play.hover();
  await page.waitForTimeout(1000); // time for any prefetch to happen
  expect(await humanEpisodes()).toBe(before);
  expect((await page.request.get(`/play/${task.id}`)).status()).toBe(200); // a GET of Play only shows Start
  expect(await humanEpisodes()).toBe(before);
  await play.dblclick(); // a double click: still one episode
  await page.waitForURL(/\/play\/\d+\?episode=/);
  await waitForScreen(page, /\$ $/m);
  await typeLine(page, "echo via-the-task-list");
  await waitForScreen(page, /^via-the-task-list$/m);
  expect(await humanEpisodes()).toBe(before + 1);
});
