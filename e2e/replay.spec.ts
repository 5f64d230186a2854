import { test, expect, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { createPrisma } from "../lib/db/client";
import { embeddedUrl } from "../lib/db/embedded";
import { importLogs } from "../lib/importers";
import { alignSteps } from "../lib/replay/alignSteps";
import { genCast, type GenCast } from "../lib/replay/testing/genCast";
import { replayFromStart } from "../lib/replay/testing/headlessScreen";
import {
  seedBrokenRecording,
  seedEmptyEpisode,
  seedLiveEpisode,
  seedRecordedEpisode,
  seedStepsEpisode,
} from "../lib/replay/testing/seedEpisodes";

// Reading trajectories in the browser: an imported InterCode episode and a live-played one,
// stepped with the keys, deep links, search, side by side, spectating a running episode, and
// episodes that should not break the page. Episodes are written straight into the e2e server's
// database (a fresh one per run).

// the e2e server's embedded PostgreSQL (its data folder as scripts/e2e-server.sh names it), once it has started
const E2E_DATA = (process.env.E2E_PORT ?? "3100") === "3100" ? ".data/e2e" : `.data/e2e-${process.env.E2E_PORT}`;
const DB = () => process.env.E2E_DATABASE_URL ?? embeddedUrl(`${E2E_DATA}/postgres`, Number(process.env.E2E_PG_PORT ?? 5544));
const LOG = "data/intercode/logs/bash/gpt-3.5/ic_bash_react_10_turns_fs_1.json";

let cast: GenCast;
let ends: number[];
const ids = {
  imported: "",
  importedSteps: [] as { action: string; observation: string }[],
  recorded: "",
  big: "",
  broken: "",
  empty: "",
};

test.beforeAll(async () => {
  const prisma = createPrisma(DB(), 2);
  try {
    const task = await prisma.task.findFirstOrThrow({ where: { dataset: "nl2bash_fs_1", index: 0 } });
    await importLogs(prisma, [{ name: LOG, content: readFileSync(LOG) }]);
    // An InterCode episode of the task from a log (another spec may have imported this file first)
    // whose second step printed something.
    const candidates = await prisma.episode.findMany({
      where: { taskId: task.id, source: "import", run: { kind: "import" } },
      orderBy: { startedAt: "asc" },
      take: 50,
      select: { id: true, steps: { orderBy: { index: "asc" }, select: { action: true, observation: true } } },
    });
    const imported = candidates.find((e) => e.steps.length >= 3 && e.steps[1].observation.trim());
    if (!imported) throw new Error("no imported InterCode episode of nl2bash_fs_1 #0 with output at its second step");
    ids.imported = imported.id;
    ids.importedSteps = imported.steps;
    cast = genCast(50);
    ends = alignSteps(
      cast.events.map((e) => e[0]),
      cast.steps,
    );
    ids.recorded = await seedRecordedEpisode(prisma, cast, { taskId: task.id, playerName: "e2e-human" });
    ids.big = await seedStepsEpisode(prisma, 1000, { taskId: task.id });
    ids.broken = await seedBrokenRecording(prisma, { taskId: task.id });
    ids.empty = await seedEmptyEpisode(prisma, { taskId: task.id });
  } finally {
    await prisma.$disconnect();
  }
});

/** The visible screen of the replay terminal, as text. */
async function screenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const t = window.__plateauTerm!;
    const b = t.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < t.rows; y++) lines.push(b.getLine(b.viewportY + y)?.translateToString(true) ?? "");
    return lines.join("\n").trimEnd();
  });
}

/** Waits until the replay is loaded and its screen shows the current position. */
async function settled(page: Page) {
  await page.waitForFunction(() => !!window.__plateauReplay, null, { timeout: 30_000 });
  await page.evaluate(() => window.__plateauReplay!.settled());
}

/** What the recording shows once turn k is done, written from the start in a headless xterm. */
async function expectedScreen(k: number): Promise<string> {
  return screenAfter(ends[k]);
}

/** What the recording shows after its first `pos` events. */
async function screenAfter(pos: number): Promise<string> {
  const screen = await replayFromStart({ cols: cast.cols, rows: cast.rows, events: cast.events }, pos);
  const text = screen.text().trimEnd();
  screen.dispose();
  return text;
}

test("an imported InterCode episode replays turn by turn with the keys, showing prompt, action and observation", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`/episodes/${ids.imported}`);
  await settled(page);
  const n = ids.importedSteps.length;
  await expect(page.getByTestId("turn-indicator")).toHaveText(`turn 0 / ${n}`);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await settled(page);
  await expect(page.getByTestId("turn-indicator")).toHaveText(`turn 2 / ${n}`);
  const second = ids.importedSteps[1];
  const screen = await screenText(page);
  expect(screen).toContain(`$ ${second.action.slice(0, 30)}`);
  const firstLine = second.observation
    .split("\n")
    .find((l) => l.trim())!
    .slice(0, 20);
  expect(screen).toContain(firstLine);
  expect(screen.split("\n").at(-1)).toBe("$");
  await expect(page).toHaveURL(/\?step=2$/);
  await expect(page.getByTestId("step-detail")).toContainText(second.action.slice(0, 30));
  await page.keyboard.press("k");
  await expect(page.getByTestId("turn-indicator")).toHaveText(`turn 1 / ${n}`);
  await page.keyboard.press("End");
  await expect(page.getByTestId("turn-indicator")).toHaveText(`turn ${n} / ${n}`);
  await expect(page.locator('[data-testid="step-row"][aria-selected="true"]')).toHaveAttribute("data-turn", String(n));
  await page.keyboard.press("Home");
  await expect(page.getByTestId("turn-indicator")).toHaveText(`turn 0 / ${n}`);
  await expect(page.getByTestId("score-intercode")).toBeVisible();
  await expect(page.getByTestId("gold")).toHaveCount(0);
  await page.getByRole("button", { name: "show gold" }).click();
  await expect(page.getByTestId("gold")).toContainText("md5sum");
  expect(errors).toEqual([]);
});

test("a live-played episode shows the terminal exactly as it was at step k", async ({ page }) => {
  await page.goto(`/episodes/${ids.recorded}`);
  await settled(page);
  for (let i = 0; i < 5; i++) await page.keyboard.press("j");
  await settled(page);
  await expect(page.getByTestId("turn-indicator")).toHaveText("turn 5 / 50");
  expect(await screenText(page)).toBe(await expectedScreen(5));
  await page.keyboard.press("ArrowLeft");
  await settled(page);
  expect(await screenText(page)).toBe(await expectedScreen(4));
  // Far jumps go back through snapshots: the screen is still exact.
  await page.keyboard.press("End");
  await settled(page);
  await page.locator('[data-testid="step-row"][data-turn="40"]').click();
  await settled(page);
  expect(await screenText(page)).toBe(await expectedScreen(40));
  await page.keyboard.press("Home");
  await page.keyboard.press("j");
  await settled(page);
  await expect(page.getByTestId("turn-indicator")).toHaveText("turn 1 / 50");
  expect(await screenText(page)).toBe(await expectedScreen(1));
});

test("a long recording comes in two parts: the first screen from the first, the rest once it is drawn", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (r) => r.url().includes("/events") && asked.push(new URL(r.url()).search));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/events?from=*", async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(`/episodes/${ids.recorded}`);
  await settled(page);
  expect(await screenText(page)).toBe(await expectedScreen(0));
  // The rest is asked for from where the first part stopped, once the first screen is drawn.
  const first = await page.request.get(`/api/episodes/${ids.recorded}/events${asked[0]}`);
  expect(asked[0]).toMatch(/^\?first=\d+$/);
  const whole = await page.request.get(`/api/episodes/${ids.recorded}/events`);
  await expect.poll(() => asked[1]).toBe(`?from=${(await first.body()).length}&size=${(await whole.body()).length}`);
  // A seek past what has arrived waits for it, and shows the screen exactly.
  await page.keyboard.press("End");
  release();
  await settled(page);
  await expect(page.getByTestId("turn-indicator")).toHaveText("turn 50 / 50");
  expect(await screenText(page)).toBe(await screenAfter(cast.events.length));
  // Parts that are not there are refused, with a reason.
  for (const [query, reason, status] of [
    ["?from=999999999", /past the recording's end/, 400],
    ["?first=1&from=2", /one of after, first, from/, 400],
    ["?first=-1", /first/, 400],
    ["?size=5", /size goes with from/, 400],
    // A recording that is not the length the page's first part said: the page would splice two.
    ["?from=10&size=11", /changed since the page read its first part/, 409],
  ] as const) {
    const res = await page.request.get(`/api/episodes/${ids.recorded}/events${query}`);
    expect(res.status(), query).toBe(status);
    expect(JSON.stringify(await res.json()), query).toMatch(reason);
  }
});

/** The page's terminal's glyph widths as Plateau filled them, and as xterm measures them itself. */
async function glyphWidths(page: Page) {
  return page.evaluate(() => {
    type Cache = {
      _flat: Float32Array;
      _holey: Map<string, number>;
      clear(): void;
      get(c: string, b: boolean, i: boolean): number;
    };
    const core = (
      window.__plateauTerm as unknown as { _core: { _renderService: { _renderer: { value: { _widthCache: Cache } } } } }
    )._core;
    const cache = core._renderService._renderer.value._widthCache;
    const chars = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
    const ours = chars.map((c) => [cache._flat[c.charCodeAt(0)], cache._holey.get(`${c}B`) ?? null]);
    cache.clear();
    const xterms = chars.map((c) => [cache.get(c, false, false), cache.get(c, true, false)]);
    return { ours, xterms };
  });
}

test("the terminal's glyph widths, measured in one layout, are xterm's own; its scrollbar follows a flood", async ({ page }) => {
  await page.goto(`/episodes/${ids.recorded}`);
  await settled(page);
  // components/terminal/xtermInternals.ts filled xterm's cache: the same widths xterm measures itself.
  const widths = await glyphWidths(page);
  expect(widths.ours.flat().every((w) => w !== null && w > 0)).toBe(true);
  expect(widths.ours).toEqual(widths.xterms);
  // Kept in this browser, they are taken again by the next page; widths kept that no longer measure
  // the same (another font) are measured again.
  expect(await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem("plateau.glyph-widths") ?? "{}")).length)).toBe(1);
  for (const stale of [false, true]) {
    if (stale)
      await page.evaluate(() => {
        const kept = JSON.parse(localStorage.getItem("plateau.glyph-widths")!);
        for (const w of Object.values(kept) as { plain: number[]; bold: number[] }[]) w.plain = w.bold = w.plain.map(() => 3.5);
        localStorage.setItem("plateau.glyph-widths", JSON.stringify(kept));
      });
    await page.reload();
    await settled(page);
    const again = await glyphWidths(page);
    expect(again.ours, stale ? "stale widths kept" : "widths kept").toEqual(again.xterms);
    expect(again.ours).toEqual(widths.ours);
  }
  // 300 lines in one write: the scrollbar is brought up to date once, in the next frame, at the bottom.
  const slider = await page.evaluate(async () => {
    const t = window.__plateauTerm!;
    await new Promise<void>((r) => t.write(Array.from({ length: 300 }, (_, i) => `flood ${i}\r\n`).join(""), r));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const box = (sel: string) => t.element!.querySelector(sel)!.getBoundingClientRect();
    const [track, thumb] = [box(".scrollbar.vertical"), box(".scrollbar.vertical .slider")];
    return { trackBottom: track.bottom, thumbBottom: thumb.bottom, thumbHeight: thumb.height, trackHeight: track.height };
  });
  expect(slider.thumbHeight).toBeLessThan(slider.trackHeight);
  expect(Math.abs(slider.trackBottom - slider.thumbBottom)).toBeLessThanOrEqual(2);
});

test("the first paint shows the screen and the steps the replay opens on; keys pressed before its scripts run are kept", async ({
  page,
}) => {
  // Nothing of the page's bundle runs until the gate opens: what shows is the server's HTML.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/**", async (route) => {
    await gate;
    await route.continue();
  });
  // The recording made, as when an episode ends (a page does not wait for one no one has opened).
  expect((await page.request.get(`/api/episodes/${ids.recorded}/events`)).ok()).toBe(true);
  await page.goto(`/episodes/${ids.recorded}?step=12`, { waitUntil: "domcontentloaded" });
  const preview = page.getByTestId("replay-screen-preview");
  await expect(preview).toBeVisible();
  const previewText = await preview.evaluate((el) =>
    Array.from(el.children, (row) => (row.textContent ?? "").replace(/\u00a0/g, " ").trimEnd())
      .join("\n")
      .trimEnd(),
  );
  const trimmed = (t: string) =>
    t
      .split("\n")
      .map((l) => l.trimEnd())
      .join("\n");
  expect(previewText).toBe(trimmed(await expectedScreen(12)));
  await expect(page.locator('[data-testid="step-row"][data-turn="1"]')).toContainText(cast.commands[0]);
  await expect(page.getByTestId("step-detail")).toContainText(cast.commands[11]);
  // Sized as the terminal will be, with the controls' places kept: it takes over without a jump.
  const before = await preview.boundingBox();
  const detailBefore = await page.getByTestId("step-detail").boundingBox();
  await expect(page.getByTestId("play")).toBeDisabled();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("j");
  release();
  await settled(page);
  await expect(page.getByTestId("turn-indicator")).toHaveText("turn 14 / 50");
  expect(await screenText(page)).toBe(await expectedScreen(14));
  await expect(preview).toHaveCount(0);
  const term = await page.locator("[data-testid=replay-terminal] > .xterm .xterm-screen").boundingBox();
  expect(Math.abs(term!.height - before!.height)).toBeLessThanOrEqual(2);
  expect(Math.abs(term!.y - before!.y)).toBeLessThanOrEqual(1);
  expect(Math.abs((await page.getByTestId("step-detail").boundingBox())!.y - detailBefore!.y)).toBeLessThanOrEqual(1);
  await expect(page.getByTestId("play")).toBeEnabled();
});

test("a deep link opens at its step, and the address follows the steps", async ({ page }) => {
  await page.goto(`/episodes/${ids.recorded}?step=17`);
  await settled(page);
  await expect(page.getByTestId("turn-indicator")).toHaveText("turn 17 / 50");
  await expect(page.locator('[data-testid="step-row"][aria-selected="true"]')).toHaveAttribute("data-turn", "17");
  expect(await screenText(page)).toBe(await expectedScreen(17));
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(/\?step=18$/);
  await page.goto(`/episodes/${ids.big}?step=734`);
  await settled(page);
  await expect(page.getByTestId("turn-indicator")).toHaveText("turn 734 / 1000");
  expect((await screenText(page)).split("\n").slice(-4)).toEqual(["turn-734", "file733.txt", "notes-733.md", "$"]);
});

test("space plays at the chosen speed and idle cap, the play button pauses, the timeline seeks on a click or a drag", async ({
  page,
}) => {
  await page.goto(`/episodes/${ids.recorded}`);
  await settled(page);
  const turn = async () => Number((await page.getByTestId("turn-indicator").textContent())!.match(/turn (\d+)/)![1]);
  await page.getByLabel("Speed").selectOption("16");
  await page.getByLabel("Idle cap").selectOption("0.5");
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press(" ");
  await expect(page.getByTestId("play")).toHaveAccessibleName("Pause");
  await expect.poll(turn).toBeGreaterThan(2);
  await page.getByTestId("play").click();
  await expect(page.getByTestId("play")).toHaveAccessibleName("Play");
  const paused = await turn();
  await page.waitForTimeout(300);
  expect(await turn()).toBe(paused);

  const bar = (await page.getByTestId("timeline").boundingBox())!;
  const y = bar.y + bar.height / 2;
  await page.mouse.click(bar.x + bar.width * 0.05, y);
  await settled(page);
  expect(await turn()).toBeLessThan(10);
  await page.mouse.move(bar.x + bar.width * 0.05, y);
  await page.mouse.down();
  await page.mouse.move(bar.x + bar.width * 0.5, y, { steps: 5 });
  await page.mouse.move(bar.x + bar.width * 0.97, y, { steps: 5 });
  await page.mouse.up();
  await settled(page);
  expect(await turn()).toBeGreaterThan(40);
});

test("10,000 steps: the list keeps only the rows in view and follows the selection to the end", async ({ page }) => {
  test.setTimeout(180_000);
  const prisma = createPrisma(DB(), 1);
  const task = await prisma.task.findFirstOrThrow({ where: { dataset: "nl2bash_fs_1", index: 0 } });
  const id = await seedStepsEpisode(prisma, 10_000, { taskId: task.id });
  await prisma.$disconnect();
  await page.goto(`/episodes/${id}`);
  await settled(page);
  await expect(page.getByTestId("turn-indicator")).toHaveText("turn 0 / 10000");
  expect(await page.getByTestId("step-row").count()).toBeLessThan(100);
  await page.getByTestId("step-list").hover();
  await page.mouse.wheel(0, 100_000);
  await expect
    .poll(async () => Number(await page.getByTestId("step-row").first().getAttribute("data-turn")))
    .toBeGreaterThan(1000);
  expect(await page.getByTestId("step-row").count()).toBeLessThan(100);
  await page.keyboard.press("End");
  await expect(page.locator('[data-testid="step-row"][aria-selected="true"]')).toHaveAttribute("data-turn", "10000");
  await expect(page.locator('[data-testid="step-row"][data-turn="10000"]')).toBeInViewport();
});

test("search inside the episode jumps from match to match", async ({ page }) => {
  await page.goto(`/episodes/${ids.big}`);
  await settled(page);
  await page.keyboard.press("/");
  await expect(page.getByLabel("Search in episode")).toBeFocused();
  await page.keyboard.type("notes-733.md");
  // Outputs load just after the page is interactive; the count shows once they are searched.
  await expect(page.getByTestId("search-count")).toHaveText("– / 1");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("turn-indicator")).toHaveText("turn 734 / 1000");
  await expect(page.getByTestId("search-count")).toHaveText("1 / 1");
  await expect(page.getByTestId("step-detail").locator("mark")).toHaveText("notes-733.md");
  await settled(page);
  expect(await screenText(page)).toContain("notes-733.md");
  // Several matches: Enter goes on, Shift+Enter goes back.
  await page.getByLabel("Search in episode").fill("turn-99");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("turn-indicator")).toHaveText("turn 990 / 1000");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("turn-indicator")).toHaveText("turn 991 / 1000");
  await page.keyboard.press("Shift+Enter");
  await expect(page.getByTestId("turn-indicator")).toHaveText("turn 990 / 1000");
});

test("spectating a running episode: a new command appears as it is played, read-only, pushed by socket.io", async ({ page }) => {
  const prisma = createPrisma(DB(), 1);
  const task = await prisma.task.findFirstOrThrow({ where: { dataset: "nl2bash_fs_1", index: 0 } });
  const id = await seedLiveEpisode(prisma, { taskId: task.id });
  await prisma.$disconnect();
  await page.goto(`/episodes/${id}`);
  await expect(page.getByTestId("live-badge")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('main[data-live="live"]')).toBeVisible(); // subscribed
  await expect.poll(() => screenText(page)).toContain("player@sandbox:~$");
  const play = (body: object) => page.request.post(`/api/episodes/${id}/test-live`, { data: body });
  const res = await play({
    events: [
      { time: 1.2, code: "o", data: "echo hello-spectator\r\n" },
      { time: 1.3, code: "o", data: "hello-spectator\r\n\x1b[32mplayer@sandbox\x1b[0m:~$ " },
    ],
    step: {
      index: 0,
      action: "echo hello-spectator",
      observation: "hello-spectator",
      exitCode: 0,
      admissible: true,
      castStart: 1.2,
      castEnd: 1.3,
      durationMs: 100,
    },
  });
  expect((await res.json()).spectators).toBe(1);
  await expect
    .poll(() => screenText(page), { timeout: 5_000 })
    .toContain("~$ echo hello-spectator\nhello-spectator\nplayer@sandbox:~$");
  await expect(page.getByTestId("step-row")).toHaveCount(1);
  await expect(page.getByTestId("turn-indicator")).toHaveText("turn 1 / 1");
  // Typing into the replay terminal does nothing.
  await page.getByTestId("replay-terminal").click();
  await page.keyboard.type("rm -rf /");
  expect(await screenText(page)).not.toContain("rm -rf");
  await play({ ended: "submitted" });
  await expect(page.getByTestId("episode-status")).toHaveText("submitted");
  await expect(page.getByTestId("live-badge")).toHaveCount(0);
});

test("two episodes of a task side by side: linked steps, the first difference marked", async ({ page }) => {
  await page.goto(`/episodes/${ids.recorded}`);
  await settled(page);
  await page.getByLabel("Compare side by side with").selectOption(ids.big);
  await expect(page).toHaveURL(/\/episodes\/compare\?a=.*&b=/);
  await expect(page.getByTestId("first-difference")).toHaveText("First difference: turn 1");
  await expect(page.getByTestId("linked-turn")).toHaveText("turn 0 / 1000");
  await expect(page.locator('[data-testid="step-row"][data-diff]')).toHaveCount(2);
  // A 100-column recording in a half-width pane is drawn at a readable size, not shrunk to fit.
  await expect.poll(() => page.evaluate(() => window.__plateauTerms?.length ?? 0)).toBe(2);
  for (const size of await page.evaluate(() => window.__plateauTerms!.map((t) => t.options.fontSize ?? 0)))
    expect(size).toBeGreaterThanOrEqual(11);
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await expect(page.getByTestId("linked-turn")).toHaveText("turn 2 / 1000");
  for (const side of ["a", "b"]) {
    await expect(page.getByTestId(`pane-${side}`).locator('[data-testid="step-row"][aria-selected="true"]')).toHaveAttribute(
      "data-turn",
      "2",
    );
  }
  await expect(page).toHaveURL(/step=2/);
  // Selecting a turn in one list moves both.
  await page.getByTestId("pane-b").locator('[data-testid="step-row"][data-turn="5"]').click();
  await expect(page.getByTestId("pane-a").locator('[data-testid="step-row"][aria-selected="true"]')).toHaveAttribute(
    "data-turn",
    "5",
  );
});

test("an unknown episode is a 404 page; no steps, or a broken recording, still open", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const res = await page.goto("/episodes/no-such-episode");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toBeVisible();
  expect((await page.request.get("/api/episodes/no-such-episode/events")).status()).toBe(404);

  await page.goto(`/episodes/${ids.empty}`);
  await settled(page);
  await expect(page.getByTestId("step-list")).toContainText("This episode has no steps");

  // Ends inside an escape sequence, with U+FFFD from invalid UTF-8 and a lone surrogate.
  await page.goto(`/episodes/${ids.broken}`);
  await settled(page);
  await page.keyboard.press("End");
  await settled(page);
  const screen = await screenText(page);
  expect(screen).toContain("caf\ufffd");
  expect(screen).toContain("red");
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  await settled(page);
  expect(await screenText(page)).toContain("cat bad.bin");
  expect(errors).toEqual([]);
});
