// Replay speed, against DESIGN.md's targets and beside the asciinema player on the same file:
//   - time to interactive of a 1,000-step episode page (steps listed, screen drawn): ≤ 1 s
//   - gen-cast's 11 MB, 46,707-event recording (1,000 commands, as a played episode): ready ≤ 500 ms,
//     50 random seeks median ≤ 15 ms, p99 ≤ 40 ms
//   - the same .cast file in asciinema-player (when node_modules/asciinema-player, or
//     ASCIINEMA_PLAYER_DIR, holds it): ready, the same 50 seeks
//   npx tsx bench/replay.ts [--runs 3] [--seeks 50] [--url http://… --db postgresql://…]
// Without --url it starts a production server of this checkout (bench/benchServer.ts), and stores the
// recording as a played episode is stored: its snapshots made when it ends (--cold: not).
// Seeks are timed in the page: from the request until the screen is parsed ("resolved"), and until
// the next frame is painted ("shown"). Ready is read from the page's own performance marks.
import { chromium, type Browser, type Page } from "@playwright/test";
import { createServer, type Server } from "node:http";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createPrisma } from "../lib/db/client";
import { embeddedUrl } from "../lib/db/embedded";
import { GEN_CAST, fromCast } from "../lib/replay/testing/genCast";
import { seedRecordedEpisode, seedStepsEpisode } from "../lib/replay/testing/seedEpisodes";
import { warmReplay } from "../lib/replay/server/replayScreen";
import { CHROMIUM_LAUNCH } from "../e2e/chromium";
import { startBenchServer, summarize, printRow, TRACE_CATEGORIES, type Summary } from "./benchServer";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    seeks: { type: "string", default: "50" },
    url: { type: "string" },
    db: { type: "string" },
    port: { type: "string", default: "3550" },
    "pg-port": { type: "string" },
    cold: { type: "boolean", default: false },
  },
});
const runs = Number(values.runs);
const seekCount = Number(values.seeks);
// The server first (it empties its own data folder).
const pgPort = values["pg-port"] ? Number(values["pg-port"]) : Number(values.port) + 100;
const server = values.url ? null : await startBenchServer({ port: Number(values.port), pgPort });
const base = values.url ?? server!.url;
const dbUrl = values.db ?? embeddedUrl(`.data/bench-server-${values.port}/postgres`, pgPort);
const out = path.resolve(".data/bench/replay-files");
mkdirSync(out, { recursive: true });

// The recording: gen-cast's defaults, the file DESIGN.md's figures were measured on.
const castFile = path.join(out, "session.cast");
if (!existsSync(castFile)) execFileSync(process.execPath, [GEN_CAST, "--out", castFile], { stdio: "inherit" });
const castText = readFileSync(castFile, "utf8");
const cast = { text: castText, ...fromCast(castText, JSON.parse(readFileSync(`${castFile}.meta.json`, "utf8"))) };
const duration = cast.events[cast.events.length - 1][0];

const prisma = createPrisma(dbUrl, 2);
const task = await prisma.task.findFirstOrThrow({ where: { dataset: "nl2bash_fs_1", index: 0 } });
console.log(
  `bench: storing the recording (${(castText.length / 1048576).toFixed(1)} MB, ${cast.events.length} events) and a 1,000-step imported episode…`,
);
const recorded = await seedRecordedEpisode(prisma, cast, { taskId: task.id, playerName: "bench" });
const stepsOnly = await seedStepsEpisode(prisma, 1000, { taskId: task.id });
// As the server does when a live episode ends (services.ts: warmReplay): its snapshots and the
// screen its page opens on are made then, into the server's caches on disk, so no viewer waits for
// them (here by another process: the server reads them from disk, as after a restart). --cold: not done.
if (!values.cold && server) {
  process.env.PLATEAU_DATA_DIR = `.data/bench-server-${values.port}`;
  const t0 = performance.now();
  await warmReplay(prisma, recorded);
  console.log(
    `bench: snapshots and the opening screen made as the episode is stored, in ${(performance.now() - t0).toFixed(0)} ms (no viewer waits for them)`,
  );
}
await prisma.$disconnect();

const browser: Browser = await chromium.launch(CHROMIUM_LAUNCH);

/** The same seek times for both players (a fixed seed), in recorded seconds. */
const seekTimes = (() => {
  let x = 42;
  const rnd = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: seekCount }, () => Math.round(rnd() * duration * 1000) / 1000);
})();

async function freshPage(): Promise<Page> {
  // The operator's signed-in state (a bench server's), or none for --url (a server that lets the bench in).
  const ctx = await browser.newContext({
    viewport: { width: 1400, height: 900 },
    ...(server ? { storageState: await server.storageState(browser) } : {}),
  });
  return ctx.newPage();
}

function startTrace(page: Page, file: string) {
  return browser.startTracing(page, { path: file, categories: TRACE_CATEGORIES });
}

/**
 * ms from navigation start until the replay page shows the screen it opens on and its steps (the
 * server's copy, in the page's HTML), until it
 * marks itself interactive (its terminal has drawn that screen, keys and seeks answered), and
 * until the whole recording has arrived.
 */
let traced = 0;
async function plateauReady(url: string): Promise<{ shown: number; ms: number; complete: number; page: Page }> {
  const page = await freshPage();
  // BENCH_TRACE=prefix: a Chrome trace of each open, prefix.N.json (the DevTools Performance panel reads it).
  const trace = process.env.BENCH_TRACE ? `${process.env.BENCH_TRACE}.${++traced}.json` : null;
  if (trace) await startTrace(page, trace);
  await page.goto(url);
  const mark = async (name: string) => {
    await page.waitForFunction((n) => performance.getEntriesByName(n).length > 0, name, { timeout: 60_000, polling: 5 });
    return page.evaluate((n) => performance.getEntriesByName(n)[0].startTime, name);
  };
  const ms = await mark("plateau:replay-ready");
  const complete = await mark("plateau:replay-complete");
  // Shown: the page's main thread has made the frame that shows the screen and the steps (as
  // asciinema-player's ready is when its script knows the recording). No first-paint screen (not
  // made yet when the page was): when interactive.
  const shown = Math.min(
    ms,
    await page.evaluate(() => performance.getEntriesByName("plateau:replay-shown")[0]?.startTime ?? Infinity),
  );
  if (trace) await browser.stopTracing();
  if (process.env.BENCH_VERBOSE)
    console.log(
      `  shown ${shown.toFixed(0)} ms, ready ${ms.toFixed(0)} ms, recording complete at ${complete.toFixed(0)} ms\n${await page.evaluate(BREAKDOWN)}`,
    );
  return { shown, ms, complete, page };
}

// Where an open's time went (BENCH_VERBOSE): the document, each script, the recording and step
// loads (start, first byte, end, bytes) and the page's own marks, in ms from navigation start.
const BREAKDOWN = `(() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const rows = [["document", nav.requestStart, nav.responseStart, nav.responseEnd, nav.transferSize]];
  for (const r of performance.getEntriesByType("resource")) rows.push([r.name.replace(location.origin, ""), r.startTime, r.responseStart, r.responseEnd, r.transferSize]);
  for (const m of performance.getEntriesByType("mark")) rows.push([m.name, m.startTime, m.startTime, m.startTime, 0]);
  for (const p of performance.getEntriesByType("paint")) rows.push([p.name, p.startTime, p.startTime, p.startTime, 0]);
  rows.sort((a, b) => a[3] - b[3]);
  return rows.map(([n, s, f, e, b]) => "    " + String(n).slice(0, 60).padEnd(60) + " " + s.toFixed(0).padStart(5) + " " + f.toFixed(0).padStart(5) + " " + e.toFixed(0).padStart(5) + " " + (b / 1024).toFixed(0).padStart(6) + " KiB").join("\\n");
})()`;

// In-page code is passed as text: tsx would otherwise add helpers (__name) the page does not have.
const PLATEAU_SEEKS = `async (ts) => {
  const r = window.__plateauReplay;
  const frame = () => new Promise((res) => requestAnimationFrame(() => res()));
  r.player.dispatch({ type: "idleCap", cap: null }); // recorded seconds, as asciinema plays them
  await r.settled();
  // The page rehearses its seeks in idle moments after the first screen (Player.rehearse): had it finished?
  const rehearsed = performance.getEntriesByName("plateau:replay-rehearsed")[0]?.startTime;
  const rehearsedBefore = rehearsed === undefined ? null : performance.now() - rehearsed;
  const resolved = [], shown = [];
  for (const t of ts) {
    performance.mark("bench:seek"); // where each seek starts, in a trace (BENCH_TRACE)
    const t0 = performance.now();
    r.player.dispatch({ type: "seekTime", time: t });
    await r.settled();
    resolved.push(performance.now() - t0);
    await frame();
    shown.push(performance.now() - t0);
  }
  const e0 = performance.now();
  r.player.dispatch({ type: "last" });
  await r.settled();
  const end = performance.now() - e0;
  const turns = [];
  const n = r.view().turnCount;
  for (let i = 0; i < ts.length; i++) {
    const t0 = performance.now();
    r.player.dispatch({ type: "seekTurn", turn: 1 + ((i * 7919) % n) });
    await r.settled();
    turns.push(performance.now() - t0);
  }
  return { resolved, shown, end, turns, rehearsedBefore };
}`;

async function plateauSeeks(
  page: Page,
  times: number[],
): Promise<{ resolved: number[]; shown: number[]; end: number; turns: number[]; rehearsedBefore: number | null }> {
  return page.evaluate(`(${PLATEAU_SEEKS})(${JSON.stringify(times)})`);
}

/** A static page with asciinema-player and the same .cast file, served locally. */
async function asciinemaServer(dir: string): Promise<{ url: string; server: Server }> {
  const files: Record<string, [string, string]> = {
    "/player.js": [path.join(dir, "dist/bundle/asciinema-player.min.js"), "text/javascript"],
    "/player.css": [path.join(dir, "dist/bundle/asciinema-player.css"), "text/css"],
    "/session.cast": [castFile, "text/plain"],
  };
  const html = `<!doctype html><html><head><link rel="stylesheet" href="/player.css"></head><body style="width:1200px">
<div id="p"></div><script src="/player.js"></script><script>
window.player = AsciinemaPlayer.create("/session.cast", document.getElementById("p"), { preload: true, cols: ${cast.cols}, rows: ${cast.rows} });
(function poll() { if (typeof window.player.getDuration() === "number") performance.mark("asciinema:ready"); else setTimeout(poll, 2); })();
</script></body></html>`;
  const server = createServer((req, res) => {
    const f = files[req.url ?? ""];
    if (f) {
      res.writeHead(200, { "content-type": f[1] });
      res.end(readFileSync(f[0]));
    } else {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(html);
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, server };
}

async function asciinemaReady(url: string): Promise<{ ms: number; page: Page }> {
  const page = await freshPage();
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName("asciinema:ready").length > 0, null, {
    timeout: 60_000,
    polling: 5,
  });
  return { ms: await page.evaluate(() => performance.getEntriesByName("asciinema:ready")[0].startTime), page };
}

const ASCIINEMA_SEEKS = `async (ts) => {
  const p = window.player;
  const frame = () => new Promise((res) => requestAnimationFrame(() => res()));
  const resolved = [], shown = [];
  for (const t of ts) {
    const t0 = performance.now();
    await p.seek(t);
    resolved.push(performance.now() - t0);
    await frame();
    shown.push(performance.now() - t0);
  }
  const e0 = performance.now();
  await p.seek(p.getDuration());
  return { resolved, shown, end: performance.now() - e0 };
}`;

async function asciinemaSeeks(page: Page, times: number[]): Promise<{ resolved: number[]; shown: number[]; end: number }> {
  return page.evaluate(`(${ASCIINEMA_SEEKS})(${JSON.stringify(times)})`);
}

const median = (xs: number[]) => summarize(xs).median;
const results: Record<string, unknown> = { file: { bytes: castText.length, events: cast.events.length, duration }, seekTimes };

// asciinema-player, when installed: its opens alternate with Plateau's (the machine's load moves
// between runs; a ratio is fair only between opens made at the same time).
const asciinemaDir = process.env.ASCIINEMA_PLAYER_DIR ?? "node_modules/asciinema-player";
const asciinema = existsSync(path.join(asciinemaDir, "dist/bundle/asciinema-player.min.js"))
  ? {
      version: JSON.parse(readFileSync(path.join(asciinemaDir, "package.json"), "utf8")).version as string,
      ...(await asciinemaServer(asciinemaDir)),
    }
  : null;
const readies: number[] = [];

try {
  // 1. A 1,000-step episode page (imported: the screen is made from its steps), and the same for the recording.
  for (const [name, id] of [
    ["1,000-step imported episode", stepsOnly],
    ["1,000-command recorded episode (11 MB)", recorded],
  ] as const) {
    const loads: number[] = [];
    const shows: number[] = [];
    const completes: number[] = [];
    for (let i = 0; i <= runs; i++) {
      const { shown, ms, complete, page } = await plateauReady(`${base}/episodes/${id}`);
      loads.push(ms);
      shows.push(shown);
      completes.push(complete);
      await page.context().close();
      if (asciinema && id === recorded) {
        const r = await asciinemaReady(asciinema.url);
        readies.push(r.ms);
        await r.page.context().close();
        if (process.env.BENCH_VERBOSE) console.log(`  asciinema-player ready ${r.ms.toFixed(0)} ms`);
      }
    }
    const [cold, ...warm] = loads;
    const [coldShown, ...warmShown] = shows;
    const target = name.startsWith("1,000-step") ? "500 ms" : "0.8 × asciinema-player's ready";
    console.log(
      `${`Plateau: open ${name}, shown`.padEnd(64)} first ${coldShown.toFixed(0).padStart(5)} ms   then median ${median(warmShown).toFixed(0).padStart(5)} ms of ${warmShown.length}   target ≤ ${target}`,
    );
    console.log(
      `${`Plateau: open ${name}, interactive`.padEnd(64)} first ${cold.toFixed(0).padStart(5)} ms   then median ${median(warm).toFixed(0).padStart(5)} ms of ${warm.length}`,
    );
    console.log(`${"".padEnd(64)} whole recording in: median ${median(completes.slice(1)).toFixed(0)} ms`);
    results[name] = {
      first: cold,
      warm,
      median: median(warm),
      shown: { first: coldShown, warm: warmShown, median: median(warmShown) },
      complete: completes,
      ...(id === recorded && readies.length ? { asciinema: readies } : {}),
    };
  }

  // 2. Seeks on the recording.
  const { page } = await plateauReady(`${base}/episodes/${recorded}`);
  // Seek once the page is done loading (the recording and the steps' outputs arrive after it is interactive).
  await page.waitForFunction(() => performance.getEntriesByName("plateau:replay-outputs").length > 0, null, { timeout: 60_000 });
  if (process.env.BENCH_TRACE) await startTrace(page, `${process.env.BENCH_TRACE}.seeks.json`);
  const p = await plateauSeeks(page, seekTimes);
  if (process.env.BENCH_TRACE) await browser.stopTracing();
  await page.context().close();
  const plateau = { resolved: summarize(p.resolved), shown: summarize(p.shown), end: p.end, turns: summarize(p.turns) };
  printRow("Plateau: random seek, resolved", plateau.resolved, "median ≤ 15, p99 ≤ 40 ms");
  printRow("Plateau: random seek, shown (next frame)", plateau.shown, "median ≤ 15, p99 ≤ 40 ms");
  printRow("Plateau: random turn (step list click)", plateau.turns, "—");
  console.log(`Plateau: seek to the end ${p.end.toFixed(1)} ms`);
  console.log(
    p.rehearsedBefore === null
      ? "Plateau: the page had not finished rehearsing its seeks when the first one came"
      : `Plateau: the page's rehearsal of its seeks ended ${p.rehearsedBefore.toFixed(0)} ms before the first seek; the first seek shown in ${p.shown[0].toFixed(1)} ms`,
  );
  // Each seek too, in order (the p99 of 50 is the slowest one: which it was, and how slow the first).
  results.plateau = { ...plateau, shownEach: p.shown.map((ms) => Math.round(ms * 10) / 10), rehearsedBefore: p.rehearsedBefore };

  // 3. asciinema-player's seeks on the same file.
  if (!asciinema) {
    console.log(
      `asciinema-player: not installed (npm i -D asciinema-player@3.18.0, or set ASCIINEMA_PLAYER_DIR); DESIGN.md's figures: ready 488 ms, seek median 44 / p99 132 ms`,
    );
  } else {
    const { version, url } = asciinema;
    const { page: ap } = await asciinemaReady(url);
    const a = await asciinemaSeeks(ap, seekTimes);
    await ap.context().close();
    const theirs = { version, ready: summarize(readies), resolved: summarize(a.resolved), shown: summarize(a.shown), end: a.end };
    console.log(
      `asciinema-player ${version}: ready median ${theirs.ready.median.toFixed(0)} ms of ${readies.length} (each after one of Plateau's opens)`,
    );
    printRow(`asciinema-player ${version}: random seek, resolved`, theirs.resolved, "—");
    printRow(`asciinema-player ${version}: random seek, shown`, theirs.shown, "—");
    console.log(`asciinema-player: seek to the end ${a.end.toFixed(1)} ms`);
    results.asciinema = theirs;
    const row = (label: string, x: Summary, y: Summary) =>
      console.log(
        `  ${label.padEnd(22)} ${`${x.median.toFixed(1)} / ${x.p99.toFixed(1)}`.padStart(16)}   ${`${y.median.toFixed(1)} / ${y.p99.toFixed(1)}`.padStart(16)}`,
      );
    console.log(`\nSide by side on ${path.basename(castFile)} (median / p99 ms)        Plateau   asciinema ${version}`);
    row("seek, resolved", plateau.resolved, theirs.resolved);
    row("seek, shown", plateau.shown, theirs.shown);
    // The ratios are the figures (an absolute time moves with the machine's load).
    const open = results["1,000-command recorded episode (11 MB)"] as {
      first: number;
      median: number;
      shown: { first: number; median: number };
    };
    const ready = theirs.ready.median;
    console.log(`\n| figure | Plateau | asciinema-player ${version} | Plateau ÷ asciinema | target |\n|---|---|---|---|---|`);
    for (const [label, ms, target] of [
      ["open the 11 MB recording: screen and steps shown, first open", open.shown.first, true],
      ["open the 11 MB recording: screen and steps shown, then (median)", open.shown.median, true],
      ["open the 11 MB recording: interactive, first open", open.first, false],
      ["open the 11 MB recording: interactive, then (median)", open.median, false],
    ] as const)
      console.log(
        `| ${label} | ${ms.toFixed(0)} ms | ${ready.toFixed(0)} ms | ${(ms / ready).toFixed(2)} | ${target ? `≤ 0.8 ${ms / ready <= 0.8 ? "✓" : "✗"}` : "—"} |`,
      );
    console.log(
      `| random seek shown, median / p99 | ${plateau.shown.median.toFixed(1)} / ${plateau.shown.p99.toFixed(1)} ms | ${theirs.shown.median.toFixed(1)} / ${theirs.shown.p99.toFixed(1)} ms | ${(plateau.shown.median / theirs.shown.median).toFixed(2)} / ${(plateau.shown.p99 / theirs.shown.p99).toFixed(2)} | p99 ≤ 40 ms ${plateau.shown.p99 <= 40 ? "✓" : "✗"} |`,
    );
    const steps = results["1,000-step imported episode"] as { median: number };
    console.log(
      `| 1,000-step episode page | ${steps.median.toFixed(0)} ms | — | — | ≤ 500 ms ${steps.median <= 500 ? "✓" : "✗"} |`,
    );
  }
  writeFileSync(".data/bench/replay.json", JSON.stringify(results, null, 2));
  console.log("bench: figures written to .data/bench/replay.json");
} finally {
  await browser.close();
  asciinema?.server.close();
  await server?.stop();
}
