// Keystroke → echo latency through Plateau (browser xterm → socket.io → session → sandbox TTY → back)
// and page load → a key echoed by the live terminal, each beside the terminal floor measured in the
// same run: a bare `node-pty ⇄ socket.io ⇄ xterm` page (../shared/tools/terminal-floor/). These
// machines are noisy; a ratio taken in one run is the figure, an absolute time is not. Each level
// runs --repeat times per side, the two alternating: the machine's drift within a run falls on both.
//   npx tsx bench/terminal.ts [--driver docker|local] [--keys 200] [--pages 1,8,16] [--repeat 4]
//        [--port 3500] [--pg-port N] [--floor-port 3590] [--loads 7] [--cpu-prof DIR] [--trace DIR]
// --trace DIR: a Chromium trace of one page of each side while it types (DIR/<side>-<n>pages.json; open in DevTools),
// and of Plateau's last loads (DIR/plateau-load.json: from the Start click to the key echoed;
// DIR/plateau-load-reload.json: from the reload).
// Both are timed by the same code in the page: from term.input(ch) until the first onWriteParsed
// where ch is under where the cursor was and the cursor moved on (the floor's echo-bench.cjs method).
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { CHROMIUM_LAUNCH } from "../e2e/chromium";
import { startBenchServer, summarize, TRACE_CATEGORIES, type Summary } from "./benchServer";
import { REFILL_DELAY_MS } from "../lib/sandbox/pool";

const { values } = parseArgs({
  options: {
    driver: { type: "string", default: "docker" },
    keys: { type: "string", default: "200" },
    pages: { type: "string", default: "1,8,16" },
    repeat: { type: "string", default: "4" },
    loads: { type: "string", default: "7" },
    port: { type: "string", default: "3500" },
    "pg-port": { type: "string" },
    "floor-port": { type: "string", default: "3590" },
    "cpu-prof": { type: "string" },
    trace: { type: "string" },
  },
});
const driver = values.driver as "docker" | "local";
const keys = Number(values.keys);
const levels = values.pages!.split(",").map(Number).filter(Boolean);
const repeat = Number(values.repeat);

/** The floor lies beside the checkout (CI puts a copy of shared/ there too). */
const FLOOR_DIR =
  process.env.PLATEAU_TERMINAL_FLOOR ??
  [path.resolve("../shared/tools/terminal-floor"), "/work/shared/tools/terminal-floor"].find((d) =>
    existsSync(path.join(d, "baseline-server.cjs")),
  );
if (!FLOOR_DIR)
  throw new Error(
    "the terminal floor is missing: put shared/tools/terminal-floor beside the checkout, or set PLATEAU_TERMINAL_FLOOR",
  );

const floorUrl = `http://127.0.0.1:${values["floor-port"]}/`;
const floor = spawn(process.execPath, [path.join(FLOOR_DIR, "baseline-server.cjs"), "--port", values["floor-port"]!, "--sio"], {
  stdio: ["ignore", "pipe", "inherit"],
});
process.once("exit", () => floor.kill("SIGTERM"));
await new Promise<void>((resolve, reject) => {
  floor.once("exit", (code) => reject(new Error(`the floor exited (${code})`)));
  floor.stdout!.on("data", (d: Buffer) => d.toString().includes("baseline") && resolve());
});

const server = await startBenchServer({
  driver,
  poolSize: 2,
  port: Number(values.port),
  pgPort: values["pg-port"] ? Number(values["pg-port"]) : undefined,
  cpuProfDir: values["cpu-prof"],
});
// The floor's browser flags: many pages at once are not throttled as background tabs.
const browser: Browser = await chromium.launch({
  ...CHROMIUM_LAUNCH,
  args: [
    ...CHROMIUM_LAUNCH.args,
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
  ],
});
const viewport = { width: 1280, height: 800 };
const signedIn = { storageState: await server.storageState(browser), viewport };
const cookie = signedIn.storageState.cookies.map((c) => `${c.name}=${c.value}`).join("; ");

async function firstBashTask(): Promise<number> {
  const res = await fetch(`${server.url}/api/tasks?dataset=nl2bash_fs_4&pageSize=1`, { headers: { cookie } });
  return (await res.json()).tasks[0].id;
}

// In-page code is text: tsx would wrap a function's inner named functions in a helper the page does not have.
/** Resolves once `expr` names a terminal whose cursor line ends in a prompt and that has been quiet for 300 ms. */
const WAIT_PROMPT = `async (expr) => {
  const line = (t) => { const b = t.buffer.active; return b.getLine(b.baseY + b.cursorY)?.translateToString(true) ?? ""; };
  let term;
  while (!(term = (0, eval)(expr))) await new Promise((r) => setTimeout(r, 20));
  while (!/[$#] ?$/.test(line(term))) await new Promise((r) => { const d = term.onWriteParsed(() => { d.dispose(); r(); }); setTimeout(() => { d.dispose(); r(); }, 100); });
  for (;;) { let wrote = false; const d = term.onWriteParsed(() => { wrote = true; }); await new Promise((r) => setTimeout(r, 300)); d.dispose(); if (!wrote) break; }
}`;

/** Types `n` characters 20 ms apart, Ctrl-U every 30; ms per key until its echo is parsed. */
const ECHO = `async ({ expr, n }) => {
  const term = (0, eval)(expr);
  const b = () => term.buffer.active;
  const parsed = (pred) => new Promise((resolve) => {
    if (pred()) return resolve(performance.now());
    const d = term.onWriteParsed(() => { if (pred()) { const t = performance.now(); d.dispose(); resolve(t); } });
  });
  const promptX = b().cursorX;
  const chars = "abcdefghijklmnopqrstuvwxyz0123456789";
  const out = [];
  for (let i = 0; i < n + 10; i++) {
    if (i % 30 === 29) { const p = parsed(() => b().cursorX === promptX); term.input("\\x15"); await p; }
    const ch = chars[i % chars.length];
    const y = b().baseY + b().cursorY, x = b().cursorX;
    const p = parsed(() => { const bb = b(); return bb.baseY + bb.cursorY === y && bb.cursorX === x + 1 && bb.getLine(y)?.getCell(x)?.getChars() === ch; });
    const t0 = performance.now();
    term.input(ch);
    const t1 = await p;
    if (i >= 10) out.push(t1 - t0); // the first ten warm up
    await new Promise((r) => setTimeout(r, 20));
  }
  const p = parsed(() => b().cursorX === promptX); term.input("\\x15"); await p;
  return out;
}`;

const waitPrompt = (page: Page, expr: string) => page.evaluate(`(${WAIT_PROMPT})(${JSON.stringify(expr)})`);
const echo = (page: Page, expr: string, n: number) =>
  page.evaluate(`(${ECHO})(${JSON.stringify({ expr, n })})`) as Promise<number[]>;

/** Open Play in a fresh page of `ctx` and press Start (its POST, then the episode's page in the same document). */
async function startEpisode(ctx: BrowserContext, taskId: number, init?: string, trace?: string): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(`${server.url}/play/${taskId}`, { timeout: 120_000 });
  if (init) {
    // A person reads the task before pressing Start: the page's scripts have run by then, and Start
    // opens the episode in this document. `init` runs here and in any document that follows.
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => new Promise((r) => requestIdleCallback(r, { timeout: 1000 })));
    await page.addInitScript({ content: init });
    await page.evaluate(init);
  }
  if (trace) await browser.startTracing(page, { path: trace, categories: TRACE_CATEGORIES });
  await Promise.all([
    page.waitForURL(/[?&]episode=/, { waitUntil: "commit", timeout: 30_000 }),
    page.getByTestId("start-episode").click(),
  ]).catch(async (err) => {
    throw new Error(
      `${err.message.split("\n")[0]} at ${page.url()}: ${await page
        .getByTestId("play-error")
        .textContent({ timeout: 1000 })
        .catch(() => "")}`,
    );
  });
  return page;
}

/**
 * Both sides' pages as a person types: clicked into the terminal, so it is focused and the pointer
 * rests on it. Focused, xterm moves its hidden textarea to the cursor on every echo (layout work a
 * blurred one skips); with a pointer on the page, Chromium recomputes what is under it after each
 * frame's layout (a hit test, and a second style-and-layout pass). The floor's pages used to have
 * neither pointer nor click (focus() only), while Plateau's had the pointer left on Start.
 */
async function pointInto(page: Page): Promise<void> {
  await page.locator(".xterm").first().click();
}

interface Side {
  name: string;
  expr: string;
  /** The server's process. */
  pid(): number;
  /** n pages, each at its prompt. */
  open(n: number): Promise<{ pages: Page[]; close(): Promise<void> }>;
}

const floorSide: Side = {
  name: "floor",
  expr: "window.term",
  pid: () => floor.pid!,
  async open(n) {
    const ctxs = await Promise.all(Array.from({ length: n }, () => browser.newContext({ viewport })));
    const pages = await Promise.all(
      ctxs.map(async (c) => {
        const p = await c.newPage();
        await p.goto(floorUrl, { timeout: 120_000 });
        await waitPrompt(p, this.expr);
        await pointInto(p);
        return p;
      }),
    );
    return { pages, close: async () => void (await Promise.all(ctxs.map((c) => c.close()))) };
  },
};

let taskId = 0;
const plateauSide: Side = {
  name: `Plateau (${driver})`,
  expr: "window.__plateauTerm",
  pid: () => server.pid,
  async open(n) {
    const ctxs = await Promise.all(Array.from({ length: n }, () => browser.newContext(signedIn)));
    const pages: Page[] = [];
    for (const c of ctxs) pages.push(await startEpisode(c, taskId)); // one at a time: the warm pool refills meanwhile
    await Promise.all(pages.map((p) => waitPrompt(p, this.expr)));
    for (const p of pages) await pointInto(p);
    return { pages, close: async () => void (await Promise.all(ctxs.map((c) => c.close()))) };
  },
};

/** Per keystroke, what it cost: the page's main thread, messages each way, the server's CPU. */
interface Work {
  keys: number;
  taskMs: number;
  scriptMs: number;
  layoutMs: number;
  /** Style-and-layout passes. */
  layouts: number;
  up: number;
  down: number;
  serverCpuMs: number;
  /** The server's main thread (the event loop): ms waiting for a CPU while runnable, and times it was run. */
  loopWaitMs: number;
  loopRuns: number;
}
const NO_WORK: Work = {
  keys: 0,
  taskMs: 0,
  scriptMs: 0,
  layoutMs: 0,
  layouts: 0,
  up: 0,
  down: 0,
  serverCpuMs: 0,
  loopWaitMs: 0,
  loopRuns: 0,
};
const work: Record<string, Work> = {};
/** The server's CPU by program (node, postgres, bash…), ms. */
const byProgram: Record<string, Map<string, number>> = {};
/** The Docker engine's CPU (dockerd, containerd, shims) and its containers', ms (engineCpu). */
const engineByProgram: Record<string, Map<string, number>> = {};
function addWork(name: string, w: Work): void {
  const t = (work[name] ??= { ...NO_WORK });
  for (const k of Object.keys(w) as (keyof Work)[]) t[k] += w[k];
}

interface Proc {
  ppid: number;
  comm: string;
  /** user + system CPU ms, its reaped children's included */
  cpuMs: number;
}

/** Every process on the machine, from /proc. */
function allProcs(): Map<number, Proc> {
  const tick = 1000 / 100; // USER_HZ
  const out = new Map<number, Proc>();
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = readFileSync(`/proc/${d}/stat`, "utf8");
      const rest = f.slice(f.lastIndexOf(")") + 2).split(" ");
      out.set(Number(d), {
        ppid: Number(rest[1]),
        comm: f.slice(f.indexOf("(") + 1, f.lastIndexOf(")")),
        cpuMs: (Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14])) * tick,
      });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Processes and all their descendants, each with its program name and CPU ms. */
function procTree(roots: number | number[], procs = allProcs()): { pid: number; comm: string; cpuMs: number }[] {
  const kids = new Map<number, number[]>();
  for (const [p, { ppid }] of procs) kids.set(ppid, [...(kids.get(ppid) ?? []), p]);
  const out: { pid: number; comm: string; cpuMs: number }[] = [];
  const walk = (p: number) => {
    const c = procs.get(p);
    if (c) out.push({ pid: p, comm: c.comm, cpuMs: c.cpuMs });
    for (const k of kids.get(p) ?? []) walk(k);
  };
  for (const r of typeof roots === "number" ? [roots] : roots) walk(r);
  return out;
}

const cmdline = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
};

/**
 * CPU ms of the Docker engine (the dockerd answering $DOCKER_HOST with its containerd, and the
 * containers' shims, which carry every byte of a `docker exec` stream) and, apart, of the
 * containers' own processes. Neither is in the server's tree, and both share its two cores.
 * Shims are told apart by nothing but their name: on a machine with a second engine, its shims count too.
 */
function engineCpu(): Map<string, number> {
  const procs = allProcs();
  const sock = (process.env.DOCKER_HOST ?? "unix:///var/run/docker.sock").replace(/^unix:\/\//, "");
  const dockerds = [...procs].filter(([p, i]) => i.comm === "dockerd" && cmdline(p).includes(sock)).map(([p]) => p);
  const shims = [...procs].filter(([, i]) => i.comm.startsWith("containerd-shim")).map(([p]) => p);
  const out = new Map<string, number>();
  const add = (what: string, ms: number) => out.set(what, (out.get(what) ?? 0) + ms);
  for (const p of procTree(dockerds, procs)) add(p.comm, p.cpuMs);
  for (const p of procTree(shims, procs)) add(shims.includes(p.pid) ? "shims" : "containers", p.cpuMs);
  return out;
}

/** CPU ms of a process and all its descendants, by program name (node, postgres, bash…). */
function treeCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of procTree(pid)) out.set(p.comm, (out.get(p.comm) ?? 0) + p.cpuMs);
  return out;
}
const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const treeCpuMs = (pid: number) => total(treeCpu(pid));

/** The server's node process: `pid` or the busiest node under it (tsx runs the server in a child). */
const serverNode = (pid: number): number =>
  procTree(pid)
    .filter((p) => p.comm === "node")
    .reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a), { pid, cpuMs: -1 }).pid;

/**
 * The event loop's thread as the kernel saw it (/proc/PID/task/PID/schedstat): ms waiting on the run
 * queue while runnable, and how many times it was run. On a loaded machine, a wake-up (a socket
 * read, a timer) waits there before it runs: where an echo's time goes when the server is mostly idle.
 */
function loopSched(pid: number): { waitMs: number; runs: number } {
  const [, wait, runs] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").trim().split(" ").map(Number);
  return { waitMs: wait / 1e6, runs };
}

/**
 * Until both servers (with their children) and the Docker engine with its containers have been
 * nearly idle for half a second, at most 20 s: the warm pool refilling after the episodes just
 * started, and the last run's sandboxes going, are not keystroke work (the local driver spawns
 * several programs per sandbox; the docker driver's new containers boot under the engine's shims,
 * outside the server's tree). Either side waits so: the other's leftovers share its two cores.
 */
async function quiet(): Promise<void> {
  const busy = () => treeCpuMs(floor.pid!) + treeCpuMs(server.pid) + total(engineCpu());
  // The pool starts its refill this long after a sandbox was taken: quiet before then is not quiet.
  await new Promise((r) => setTimeout(r, REFILL_DELAY_MS + 200));
  const until = Date.now() + 20_000;
  for (let last = busy(); Date.now() < until;) {
    await new Promise((r) => setTimeout(r, 500));
    const now = busy();
    if (now - last < 25) return;
    last = now;
  }
}

/** The page's main-thread time so far (ms), and websocket frames counted from now on. */
async function watchPage(
  page: Page,
): Promise<() => Promise<{ taskMs: number; scriptMs: number; layoutMs: number; layouts: number; up: number; down: number }>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  await cdp.send("Network.enable");
  let up = 0,
    down = 0;
  cdp.on("Network.webSocketFrameSent", () => up++);
  cdp.on("Network.webSocketFrameReceived", () => down++);
  const metrics = async () =>
    Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value * 1000]));
  const m0 = await metrics();
  return async () => {
    const m1 = await metrics();
    const d = (k: string) => (m1[k] ?? 0) - (m0[k] ?? 0);
    return {
      taskMs: d("TaskDuration"),
      scriptMs: d("ScriptDuration"),
      layoutMs: d("LayoutDuration") + d("RecalcStyleDuration"),
      layouts: d("LayoutCount") / 1000,
      up,
      down,
    };
  };
}

/** All keys of n pages typing at once. */
async function echoOn(side: Side, n: number): Promise<number[]> {
  const { pages, close } = await side.open(n);
  const per = n === 1 ? keys : Math.max(50, Math.floor(keys / 2));
  await quiet();
  const watches = await Promise.all(pages.map(watchPage));
  const loopPid = serverNode(side.pid());
  const sched0 = loopSched(loopPid);
  const cpu0 = treeCpu(side.pid());
  const engine0 = engineCpu();
  const t0 = process.hrtime.bigint() / 1000n;
  if (values.trace)
    await browser.startTracing(pages[0], {
      path: path.join(values.trace, `${side === floorSide ? "floor" : "plateau"}-${n}pages.json`),
      categories: TRACE_CATEGORIES,
    });
  const all = (await Promise.all(pages.map((p) => echo(p, side.expr, per)))).flat();
  const cpu1 = treeCpu(side.pid());
  const engine1 = engineCpu();
  const sched1 = loopSched(loopPid);
  if (values.trace) await browser.stopTracing();
  // The monotonic clock of --cpu-prof's profiles (µs): to cut the typing out of them.
  if (process.env.BENCH_VERBOSE)
    console.log(`  ${side.name}, ${n} pages typed from ${t0} to ${process.hrtime.bigint() / 1000n} µs`);
  const serverCpuMs = total(cpu1) - total(cpu0);
  const name = `${side.name}, ${n} page${n > 1 ? "s" : ""}`;
  for (const [comm, ms] of cpu1)
    (byProgram[name] ??= new Map()).set(comm, (byProgram[name].get(comm) ?? 0) + ms - (cpu0.get(comm) ?? 0));
  for (const [what, ms] of engine1)
    (engineByProgram[name] ??= new Map()).set(what, (engineByProgram[name].get(what) ?? 0) + ms - (engine0.get(what) ?? 0));
  for (const w of watches) addWork(name, { ...NO_WORK, keys: per, ...(await w()) });
  addWork(name, {
    ...NO_WORK,
    serverCpuMs,
    loopWaitMs: sched1.waitMs - sched0.waitMs,
    loopRuns: sched1.runs - sched0.runs,
  });

  await close();
  return all;
}

/**
 * What a loading page logs once its figure is taken. The bench waits for that log, not by polling the
 * page: Playwright's first evaluate in a new document injects its own script (6.4 ms of a reloaded
 * page's thread, traced just after the live terminal's screen came, while its key was on the way).
 */
const PROMPTED = "bench: prompt",
  ECHOED = "bench: echoed";
const logged = (where: Page | BrowserContext, text: string) =>
  where.waitForEvent("console", { predicate: (m) => m.text() === text, timeout: 30_000 });

// Load, the floor: navigation → the prompt parsed by its terminal (echo-bench.cjs --mode load).
const FLOOR_LOAD = `(() => {
  const iv = setInterval(() => {
    const t = window.term;
    if (!t?.onWriteParsed) return;
    clearInterval(iv);
    const check = () => { const b = t.buffer.active; if (window.__promptAt === undefined && /[$#] ?$/.test(b.getLine(b.baseY + b.cursorY)?.translateToString(true) ?? "")) { window.__promptAt = performance.now(); console.debug("${PROMPTED}"); } };
    check();
    t.onWriteParsed(check);
  }, 2);
})();`;

async function floorLoad(): Promise<number> {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  await page.addInitScript({ content: FLOOR_LOAD });
  const prompted = logged(page, PROMPTED);
  await page.goto(floorUrl);
  await prompted;
  const ms = await page.evaluate(() => (window as unknown as { __promptAt: number }).__promptAt);
  await ctx.close();
  return ms;
}

/**
 * Load, Plateau: from the Start click (the episode's page comes in the same document) or from a
 * navigation (a reload of the episode's page) until the prompt is first on screen (the server's copy
 * of the terminal) and until a key typed into the live terminal as soon as it shows the prompt has
 * been echoed there. __from: the click, or 0 (the navigation's start) in a new document.
 */
const PLATEAU_LOAD = `(() => {
  window.__from = 0;
  document.addEventListener("click", () => { window.__from = performance.now(); }, { capture: true, once: true });
  const prompt = (text) => /[$#]\\s*$/.test(text);
  const lineOf = (t) => { const b = t.buffer.active; return b.getLine(b.cursorY + b.baseY)?.translateToString(true) ?? ""; };
  let typed = false;
  // The first paint's prompt: the server's copy of the screen, or the terminal's.
  const frame = () => {
    const preview = document.querySelector("[data-testid=screen-preview]")?.textContent ?? "";
    const t = window.__plateauTerm;
    if (prompt(preview) || (t && prompt(lineOf(t).trimEnd()))) window.__firstPrompt = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  // The key is typed as soon as the live terminal has parsed the prompt: found as the floor's page is
  // (a 2 ms poll for the terminal, then each parsed write), not at the next frame.
  const iv = setInterval(() => {
    const t = window.__plateauTerm;
    if (!t?.onWriteParsed) return;
    clearInterval(iv);
    const check = () => {
      if (typed || !prompt(lineOf(t).trimEnd())) return;
      typed = true;
      window.__firstPrompt ??= performance.now();
      const b = t.buffer.active, x = b.cursorX, y = b.baseY + b.cursorY;
      const d = t.onWriteParsed(() => { const bb = t.buffer.active; if (bb.getLine(y)?.getCell(x)?.getChars() === "e") { window.__echoed = performance.now(); d.dispose(); console.debug("${ECHOED}"); } });
      t.input("e");
    };
    check();
    const w = t.onWriteParsed(() => { check(); if (typed) w.dispose(); });
  }, 2);
})();`;

// Where a load's time went (BENCH_VERBOSE): the page (after a reload), the requests, the page's
// marks and paints, in ms from the Start click or the navigation's start (start, first byte, end).
const LOAD_BREAKDOWN = `(() => {
  const from = window.__from;
  const nav = performance.getEntriesByType("navigation")[0];
  const rows = [["typed key echoed", window.__echoed, window.__echoed, window.__echoed]];
  if (from === 0) rows.push(["page", nav.requestStart, nav.responseStart, nav.responseEnd], ["DOMContentLoaded", nav.domContentLoadedEventEnd, nav.domContentLoadedEventEnd, nav.domContentLoadedEventEnd]);
  for (const r of performance.getEntriesByType("resource")) rows.push([r.name.replace(location.origin, ""), r.startTime, r.responseStart, r.responseEnd]);
  for (const m of [...performance.getEntriesByType("mark"), ...performance.getEntriesByType("paint")]) rows.push([m.name, m.startTime, m.startTime, m.startTime]);
  const after = rows.filter((r) => r[1] >= from).map(([n, ...t]) => [n, ...t.map((x) => x - from)]);
  after.sort((a, b) => a[3] - b[3]);
  return after.map(([n, s, f, e]) => "    " + String(n).slice(0, 60).padEnd(60) + " " + s.toFixed(0).padStart(5) + " " + f.toFixed(0).padStart(5) + " " + e.toFixed(0).padStart(5)).join("\\n");
})()`;

type LoadTimes = { firstPrompt: number; echoed: number };
type LoadWindow = { __from: number; __firstPrompt: number; __echoed?: number; __plateauTerm: { input(d: string): void } };

async function loadTimes(page: Page, what: string, echoed: Promise<unknown>): Promise<LoadTimes> {
  await echoed;
  const r = await page.evaluate(() => {
    const w = window as unknown as LoadWindow;
    return { firstPrompt: w.__firstPrompt - w.__from, echoed: w.__echoed! - w.__from };
  });
  if (process.env.BENCH_VERBOSE)
    console.log(`  ${what} → echo ${r.echoed.toFixed(0)} ms\n${await page.evaluate(LOAD_BREAKDOWN)}`);
  return r;
}

/** Start → a key echoed, then a reload of the live episode's page → a key echoed. */
async function plateauLoad(trace?: string): Promise<{ start: LoadTimes; reload: LoadTimes }> {
  const ctx = await browser.newContext(signedIn);
  const started = logged(ctx, ECHOED);
  const page = await startEpisode(ctx, taskId, PLATEAU_LOAD, trace);
  const start = await loadTimes(page, "Start", started);
  if (trace) await browser.stopTracing();
  // The typed key erased, so the reloaded page finds the line ending in the prompt again.
  await page.evaluate(() => (window as unknown as LoadWindow).__plateauTerm.input("\x7f"));
  await page.waitForTimeout(300);
  if (trace) await browser.startTracing(page, { path: trace.replace(/\.json$/, "-reload.json"), categories: TRACE_CATEGORIES });
  const reloaded = logged(page, ECHOED);
  await page.reload();
  const reload = await loadTimes(page, "reload", reloaded);
  if (trace) await browser.stopTracing();
  await ctx.close();
  return { start, reload };
}

const f1 = (x: number) => x.toFixed(1);
const rows: string[] = [];
/** A target as ratios to the floor: of the median, of the p99, or both. */
type Target = { median?: number; p99?: number };

function report(figure: string, fl: Summary, pl: Summary, target: Target | null): void {
  const rm = pl.median / fl.median,
    rp = pl.p99 / fl.p99;
  const ok = (target?.median === undefined || rm <= target.median) && (target?.p99 === undefined || rp <= target.p99);
  const parts = [target?.median !== undefined && `median ≤ ${target.median}`, target?.p99 !== undefined && `p99 ≤ ${target.p99}`];
  const t = target ? `${parts.filter(Boolean).join(", ")} ${ok ? "✓" : "✗"}` : "—";
  const row = `| ${figure} | ${f1(fl.median)} / ${f1(fl.p99)} | ${f1(pl.median)} / ${f1(pl.p99)} | ${rm.toFixed(2)} / ${rp.toFixed(2)} | ${t} |`;
  rows.push(row);
  console.log(row);
}

try {
  taskId = await firstBashTask();
  console.log(
    `Terminal bench ${new Date().toISOString().slice(0, 10)} — Plateau driver ${driver} beside the floor (${FLOOR_DIR}), ${keys} keys a page, ${repeat} repetitions`,
  );
  // Warm-up: compile routes, fill the pool, JIT both pages.
  for (const side of [floorSide, plateauSide])
    await echoOn(side, 1).catch((err) => {
      throw new Error(`${side.name} warm-up: ${err.message}`);
    });
  for (const k of Object.keys(work)) delete work[k];
  for (const k of Object.keys(byProgram)) delete byProgram[k];

  console.log("| figure (median / p99 ms) | floor | Plateau | Plateau ÷ floor | target ÷ floor |\n|---|---|---|---|---|");
  // Loads, alternating.
  const fLoads: number[] = [],
    pLoads: { start: LoadTimes; reload: LoadTimes }[] = [];
  for (let i = 0; i < Number(values.loads); i++) {
    fLoads.push(await floorLoad());
    const last = i === Number(values.loads) - 1;
    pLoads.push(await plateauLoad(last && values.trace ? path.join(values.trace, "plateau-load.json") : undefined));
    await new Promise((r) => setTimeout(r, 1000)); // the pool refills
  }
  if (fLoads.length) {
    const fl = summarize(fLoads);
    const of = (which: "start" | "reload", t: keyof LoadTimes) => summarize(pLoads.map((l) => l[which][t]));
    report("load → prompt (floor) / Start → a key echoed by the live terminal (Plateau)", fl, of("start", "echoed"), {
      median: 1.2,
    });
    report("load → prompt (floor) / reload of the episode → a key echoed (Plateau)", fl, of("reload", "echoed"), { median: 1.2 });
    report("load → prompt on screen (Plateau: Start → first paint)", fl, of("start", "firstPrompt"), null);
    report("load → prompt on screen (Plateau: reload → first paint)", fl, of("reload", "firstPrompt"), null);
  }

  // Echo, each level `repeat` times, the floor and Plateau alternating (which goes first, too).
  for (const n of levels) {
    const fs: number[] = [],
      ps: number[] = [];
    for (let r = 0; r < repeat; r++) {
      const order = r % 2 === 0 ? [floorSide, plateauSide] : [plateauSide, floorSide];
      for (const side of order) (side === floorSide ? fs : ps).push(...(await echoOn(side, n)));
    }
    const target: Target | null =
      n === 1 ? { median: 1.2, p99: 1.3 } : n === 8 ? { median: 1.5, p99: 1.5 } : n >= 16 ? { p99: 2 } : null;
    report(`echo, ${n} page${n > 1 ? "s typing at once" : ""}`, summarize(fs), summarize(ps), target);
  }
  console.log(
    "\nWork per keystroke (sums over all pages ÷ keys typed): each page's main thread, websocket messages each way, the server's CPU, the Docker engine's and its containers' (shims started or ended meanwhile are missed), the server's event loop's waits for a CPU",
  );
  console.log(
    "| run | page main thread ms (script, style+layout) | layouts | messages up / down | server CPU ms | engine CPU ms (and its containers') | server loop: runs, ms waiting for a CPU |\n|---|---|---|---|---|---|---|",
  );
  for (const [name, w] of Object.entries(work)) {
    const k = w.keys;
    const perKey = (m: Map<string, number> | undefined) =>
      [...(m ?? [])]
        .filter(([, ms]) => ms / k >= 0.05)
        .sort((a, b) => b[1] - a[1])
        .map(([c, ms]) => `${c} ${(ms / k).toFixed(2)}`)
        .join(", ");
    const engine = engineByProgram[name] ?? new Map<string, number>();
    const engineMs = total(engine) - (engine.get("containers") ?? 0);
    console.log(
      `| ${name} | ${(w.taskMs / k).toFixed(2)} (${(w.scriptMs / k).toFixed(2)}, ${(w.layoutMs / k).toFixed(2)}) | ${(w.layouts / k).toFixed(2)} | ${(w.up / k).toFixed(2)} / ${(w.down / k).toFixed(2)} | ${(w.serverCpuMs / k).toFixed(2)} (${perKey(byProgram[name])}) | ${(engineMs / k).toFixed(2)} (${perKey(engine)}) | ${(w.loopRuns / k).toFixed(2)}, ${(w.loopWaitMs / k).toFixed(2)} |`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
  floor.kill("SIGTERM");
}
