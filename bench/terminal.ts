// Keystroke → echo latency through Plateau (browser xterm → socket.io → session → sandbox TTY → back),
// Play → first prompt, and echo p99 with many pages typing at once — against DESIGN.md's targets.
//   npx tsx bench/terminal.ts [--driver docker|local] [--keys 200] [--concurrency 8,16,32] [--port 3500] [--cpu-prof DIR]
// Timed in the page from term.input(ch) until xterm has parsed the echo, as DESIGN.md specifies.
import { chromium, type Page } from "@playwright/test";
import { parseArgs } from "node:util";
import { startBenchServer, summarize, printRow } from "./benchServer";

const { values } = parseArgs({
  options: {
    driver: { type: "string", default: "docker" },
    keys: { type: "string", default: "200" },
    concurrency: { type: "string", default: "8,16,32" },
    port: { type: "string", default: "3500" },
    "cpu-prof": { type: "string" },
  },
});
const driver = values.driver as "docker" | "local";
const keys = Number(values.keys);
const levels = values.concurrency!.split(",").map(Number).filter(Boolean);

const server = await startBenchServer({ driver, poolSize: 2, port: Number(values.port), cpuProfDir: values["cpu-prof"] });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});

// Every page is the operator's, signed in once.
const signedIn = { storageState: await server.storageState(browser) };
const cookie = signedIn.storageState.cookies.map((c) => `${c.name}=${c.value}`).join("; ");

async function firstBashTask(): Promise<number> {
  const res = await fetch(`${server.url}/api/tasks?dataset=nl2bash_fs_4&pageSize=1`, { headers: { cookie } });
  return (await res.json()).tasks[0].id;
}

/** Where the way from navigation to the first prompt went, in ms since navigation (page marks). */
type Phases = Record<"html" | "domReady" | "mounted" | "terminal" | "connected" | "screen", number>;

/**
 * Watches each frame from the document's start: when the prompt is first on screen (the server's
 * first-paint copy of the terminal, or the live terminal), and when the live terminal shows it
 * (keys echo from then on). In ms since navigation start, as the page's own clock says.
 */
// (A string: tsx would wrap a function's inner named functions in a helper the page does not have.)
const WATCH_FIRST_PROMPT = `(() => {
  const prompt = (text) => /\\$\\s*$/.test(text);
  const frame = () => {
    const b = window.__plateauTerm?.buffer.active;
    const live = !!b && prompt(b.getLine(b.cursorY + b.baseY)?.translateToString(true).trimEnd() ?? "");
    const preview = document.querySelector("[data-testid=screen-preview]")?.textContent ?? "";
    if (window.__firstPrompt === undefined && (live || prompt(preview))) window.__firstPrompt = performance.now();
    if (live) window.__livePrompt = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

/**
 * Open Play in a fresh page and press Start (a POST that redirects to the episode's page): ms from
 * that navigation's start (the POST) to the first prompt on screen, to the live terminal, and the phases.
 */
async function openPlay(page: Page, taskId: number): Promise<{ ms: number; liveMs: number; phases: Phases }> {
  await page.goto(`${server.url}/play/${taskId}`);
  await page.addInitScript({ content: WATCH_FIRST_PROMPT });
  await page.getByTestId("start-episode").click({ noWaitAfter: true });
  await page.waitForFunction(() => (window as unknown as { __livePrompt?: number }).__livePrompt !== undefined, undefined, { timeout: 30_000 });
  // (No named functions inside evaluate: tsx would wrap them in a helper the page does not have.)
  const r = await page.evaluate(() => {
    const w = window as unknown as { __firstPrompt: number; __livePrompt: number };
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const marks: Record<string, number> = {};
    for (const m of performance.getEntriesByType("mark")) if (m.name.startsWith("plateau:play-")) marks[m.name.slice(13)] = m.startTime;
    return {
      ms: w.__firstPrompt, liveMs: w.__livePrompt,
      phases: { html: nav.responseEnd, domReady: nav.domContentLoadedEventEnd, mounted: marks.mounted ?? NaN, terminal: marks.terminal ?? NaN, connected: marks.connected ?? NaN, screen: marks.screen ?? NaN },
    };
  });
  return r;
}

function printPhases(all: Phases[]): void {
  const keys = Object.keys(all[0]) as (keyof Phases)[];
  const median = (k: keyof Phases) => {
    const xs = all.map((p) => p[k]).filter(Number.isFinite);
    return xs.length ? summarize(xs).median.toFixed(0) : "–";
  };
  console.log(`  where (median ms since navigation): ${keys.map((k) => `${k} ${median(k)}`).join(" · ")}`);
}

/** Type `n` characters one at a time; each resolves when xterm has parsed its echo. Returns ms per key. */
async function typeAndTime(page: Page, n: number): Promise<number[]> {
  return page.evaluate(async (count) => {
    const term = window.__plateauTerm!;
    const write = term.write.bind(term);
    let waiting: { ch: string; resolve: () => void } | null = null;
    term.write = ((data: string | Uint8Array, cb?: () => void) =>
      write(data, () => {
        cb?.();
        if (waiting && typeof data === "string" && data.includes(waiting.ch)) {
          const w = waiting;
          waiting = null;
          w.resolve();
        }
      })) as typeof term.write;
    const out: number[] = [];
    const letters = "abcdefghijklmnopqrstuvwxyz";
    for (let i = 0; i < count; i++) {
      const ch = letters[i % letters.length];
      const t0 = performance.now();
      await new Promise<void>((resolve) => {
        waiting = { ch, resolve };
        term.input(ch);
      });
      out.push(performance.now() - t0);
      if (i % 40 === 39) {
        term.input("\x15"); // Ctrl-U: clear the line so it never wraps
        await new Promise((r) => setTimeout(r, 30));
      }
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 10));
    }
    term.write = write;
    return out;
  }, n);
}

const taskId = await firstBashTask();
console.log(`Plateau terminal bench — driver ${driver}, ${keys} keys per page (targets from DESIGN.md)`);

// Warm-up: compile routes, fill the pool.
{
  const page = await browser.newPage(signedIn);
  await openPlay(page, taskId);
  await typeAndTime(page, 20);
  await page.close();
}

// Play → first prompt (warm pool): fresh page each time.
const loads: { ms: number; liveMs: number; phases: Phases }[] = [];
for (let i = 0; i < 7; i++) {
  const page = await browser.newPage(signedIn);
  loads.push(await openPlay(page, taskId));
  await page.close();
  await new Promise((r) => setTimeout(r, 1500)); // let the pool refill
}
printRow("open Play → first prompt (warm pool)", summarize(loads.map((l) => l.ms)), "median ≤ 300 ms");
printRow("  … → the live terminal shows it", summarize(loads.map((l) => l.liveMs)), "(keys typed before are held, then sent)");
printPhases(loads.map((l) => l.phases));

// One page.
{
  const page = await browser.newPage(signedIn);
  await openPlay(page, taskId);
  const lat = await typeAndTime(page, keys);
  printRow("echo, 1 page", summarize(lat), "median ≤ 2 ms, p99 ≤ 5 ms");
  await page.close();
}

// Many pages typing at once.
for (const n of levels) {
  const ctx = await browser.newContext(signedIn);
  const pages = await Promise.all(Array.from({ length: n }, () => ctx.newPage()));
  for (const p of pages) await openPlay(p, taskId);
  const all = (await Promise.all(pages.map((p) => typeAndTime(p, Math.max(50, Math.floor(keys / 2)))))).flat();
  const target = n === 8 ? "p99 ≤ 12 ms" : `p99 ≤ 50 ms (≥ ${driver === "docker" ? 16 : 32} sessions)`;
  printRow(`echo, ${n} pages typing at once`, summarize(all), target);
  await ctx.close();
}

await browser.close();
await server.stop();
