// Page loads in Chromium, with the full InterCode logs imported four times over (≈ 19,000 episodes):
// each page's first contentful paint (target ≤ 300 ms) and time to interactive (≤ 1 s), on a warm
// server (one load of each page first, not counted), beside a reference measured in the same run:
// a static file of the same server (the floor of server + browser).
//   npx tsx bench/pages.ts [--loads 5] [--copies 4] [--port 3210 --pg-port 5610] [--shots DIR] [--rsc DIR] [--only home,tasks]
// Time to interactive as Lighthouse approximates it: the later of DOMContentLoaded, the first
// contentful paint and the end of the last long task (> 50 ms of main thread) once the network is quiet.
// --shots DIR: also a screenshot of each page at 1366×768 and 800×600 (what is above the fold).
// --rsc DIR: also each page's RSC payload as the browser received it (what the rows cost in it).
// Where the time goes, each page's medians: the server's time to the document's first byte and to its
// end (streamed rows included), the HTML and the RSC payload in it, the scripts the page loads (how many,
// bytes over the wire) and the main thread's time in scripts (module evaluation, hydration) and in all tasks.
import { chromium, type Browser, type Page } from "@playwright/test";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createPrisma } from "../lib/db/client";
import { importLogs } from "../lib/importers";
import { interCodeLogCopies, interCodeLogs } from "../lib/importers/testing/interCodeLogs";
import { CHROMIUM_LAUNCH } from "../e2e/chromium";
import { startBenchServer, summarize, type Summary } from "./benchServer";

const { values } = parseArgs({
  options: {
    loads: { type: "string", default: "5" },
    copies: { type: "string", default: "4" },
    port: { type: "string", default: "3560" },
    "pg-port": { type: "string" },
    shots: { type: "string" },
    rsc: { type: "string" },
    only: { type: "string" },
  },
});
const loads = Number(values.loads);
const TARGET_FCP = 300;
const TARGET_TTI = 1000;
interface Parts {
  ttfb: number;
  docEnd: number;
  dcl: number;
  htmlKb: number;
  rscKb: number;
  scripts: number;
  jsKb: number;
  scriptMs: number;
  taskMs: number;
}
const PARTS: (keyof Parts)[] = ["ttfb", "docEnd", "dcl", "htmlKb", "rscKb", "scripts", "jsKb", "scriptMs", "taskMs"];
interface Load {
  fcp: number;
  tti: number;
  parts: Parts;
}

// In-page code as text: tsx would otherwise add helpers (__name) the page does not have.
const WATCH_LONG_TASKS = `window.__benchLongTaskEnd = 0;
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__benchLongTaskEnd = Math.max(window.__benchLongTaskEnd, e.startTime + e.duration); }).observe({ type: "longtask", buffered: true });`;

const server = await startBenchServer({
  port: Number(values.port),
  pgPort: values["pg-port"] ? Number(values["pg-port"]) : undefined,
  poolSize: 1,
});
try {
  const prisma = createPrisma(server.dbUrl(), 2);
  const t0 = performance.now();
  const report = await importLogs(prisma, interCodeLogCopies(interCodeLogs(), Number(values.copies)));
  if (report.rejected.length) throw new Error(report.rejected[0].message);
  const episodes = report.runs.reduce((s, r) => s + r.episodes, 0);
  console.log(`bench: imported ${episodes} episodes in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // A replay of a 10-turn imported episode, its task, and Play's page of a Bash task.
  const episode = await prisma.episode.findFirstOrThrow({
    where: { turns: { gte: 5 }, task: { environment: "bash" } },
    select: { id: true, taskId: true },
  });
  const runs = await prisma.run.findMany({ take: 2, orderBy: { createdAt: "asc" }, select: { name: true } });
  await prisma.$disconnect();

  const pages: Record<string, string> = {
    reference: "/icon.svg",
    home: "/",
    tasks: "/tasks",
    task: `/tasks/${episode.taskId}`,
    play: `/play/${episode.taskId}`,
    episodes: "/episodes",
    replay: `/episodes/${episode.id}`,
    compare: `/compare?runs=${runs.map((r) => encodeURIComponent(r.name)).join(",")}`,
    runs: "/runs",
    agents: "/agent-runs",
    studies: "/studies",
  };
  const only = values.only?.split(",");
  const browser: Browser = await chromium.launch(CHROMIUM_LAUNCH);
  const storageState = await server.storageState(browser);

  const results: { name: string; fcp: Summary; tti: Summary; parts: Record<keyof Parts, number> }[] = [];
  for (const [name, url] of Object.entries(pages)) {
    if (only && name !== "reference" && !only.includes(name)) continue;
    const samples: Load[] = [];
    for (let i = 0; i <= loads; i++) {
      const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 }, storageState });
      const page = await ctx.newPage();
      const m = await measure(page, server.url + url);
      if (i === 0 && values.rsc) await saveRsc(page, name, values.rsc);
      if (i > 0) samples.push(m);
      await ctx.close();
    }
    const median = (k: keyof Parts) => summarize(samples.map((m) => m.parts[k])).median;
    results.push({
      name,
      fcp: summarize(samples.map((m) => m.fcp)),
      tti: summarize(samples.map((m) => m.tti)),
      parts: Object.fromEntries(PARTS.map((k) => [k, median(k)])) as Record<keyof Parts, number>,
    });
    if (values.shots) await screenshots(browser, storageState, name, server.url + url, values.shots);
  }
  await browser.close();

  const ref = results.find((r) => r.name === "reference")!;
  console.log(`\npage loads, ${loads} each after one warm-up (ms; ratio = median / reference's median)`);
  console.log(
    `${"page".padEnd(10)} ${"FCP median".padStart(10)} ${"p99".padStart(7)} ${"ratio".padStart(6)}   ${"TTI median".padStart(10)} ${"p99".padStart(7)} ${"ratio".padStart(6)}   target FCP ≤ ${TARGET_FCP}, TTI ≤ ${TARGET_TTI}`,
  );
  for (const r of results) {
    const met = r.fcp.median <= TARGET_FCP && r.tti.median <= TARGET_TTI ? "met" : "not met";
    console.log(
      `${r.name.padEnd(10)} ${r.fcp.median.toFixed(0).padStart(10)} ${r.fcp.p99.toFixed(0).padStart(7)} ${(r.fcp.median / ref.fcp.median).toFixed(2).padStart(6)}   ${r.tti.median.toFixed(0).padStart(10)} ${r.tti.p99.toFixed(0).padStart(7)} ${(r.tti.median / ref.tti.median).toFixed(2).padStart(6)}   ${r.name === "reference" ? "" : met}`,
    );
  }
  console.log(`\nwhere the time goes (medians; ms from the navigation's start, sizes in KB over the wire)`);
  console.log(
    `${"page".padEnd(10)} ${"TTFB".padStart(6)} ${"doc end".padStart(8)} ${"DCL".padStart(6)} ${"HTML".padStart(6)} ${"RSC".padStart(6)} ${"scripts".padStart(8)} ${"JS KB".padStart(6)} ${"script ms".padStart(10)} ${"tasks ms".padStart(9)}`,
  );
  for (const { name, parts: m } of results) {
    console.log(
      `${name.padEnd(10)} ${m.ttfb.toFixed(0).padStart(6)} ${m.docEnd.toFixed(0).padStart(8)} ${m.dcl.toFixed(0).padStart(6)} ${m.htmlKb.toFixed(1).padStart(6)} ${m.rscKb.toFixed(1).padStart(6)} ${m.scripts.toFixed(0).padStart(8)} ${m.jsKb.toFixed(0).padStart(6)} ${m.scriptMs.toFixed(0).padStart(10)} ${m.taskMs.toFixed(0).padStart(9)}`,
    );
  }
} finally {
  await server.stop();
}

async function measure(page: Page, url: string): Promise<Load> {
  await page.addInitScript(WATCH_LONG_TASKS);
  // The main thread's time in scripts and in all its tasks, as Chromium counts it (DevTools' own figures).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.goto(url, { waitUntil: "networkidle" });
  // A quiet half second after the network settled: a long task still to come would show in it.
  await page.waitForTimeout(500);
  const { metrics } = await cdp.send("Performance.getMetrics");
  const cpu = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  const m: Omit<Load, "parts"> & Omit<Parts, "scriptMs" | "taskMs"> = await page.evaluate(`(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    const fcp = paint ? paint.startTime : nav.domContentLoadedEventEnd;
    const scripts = performance.getEntriesByType("resource").filter((r) => r.initiatorType === "script");
    // The RSC payload travels in the HTML as inline scripts that push it to self.__next_f.
    const rsc = [...document.scripts]
      .filter((x) => !x.src && x.textContent.startsWith("self.__next_f.push"))
      .reduce((s, x) => s + x.textContent.length, 0);
    return {
      fcp,
      tti: Math.max(fcp, nav.domContentLoadedEventEnd, window.__benchLongTaskEnd),
      ttfb: nav.responseStart,
      docEnd: nav.responseEnd,
      dcl: nav.domContentLoadedEventEnd,
      htmlKb: nav.transferSize / 1024,
      rscKb: rsc / 1024,
      scripts: scripts.length,
      jsKb: scripts.reduce((s, r) => s + r.transferSize, 0) / 1024,
    };
  })()`);
  const { fcp, tti, ...parts } = m;
  return { fcp, tti, parts: { ...parts, scriptMs: cpu("ScriptDuration"), taskMs: cpu("TaskDuration") } };
}

async function saveRsc(page: Page, name: string, dir: string) {
  mkdirSync(dir, { recursive: true });
  // The inline scripts that carry it (measure() counts the same), one a line.
  const rsc: string = await page.evaluate(
    `[...document.scripts].filter((x) => !x.src && x.textContent.startsWith("self.__next_f.push")).map((x) => x.textContent).join("\\n")`,
  );
  writeFileSync(path.join(dir, `${name}.rsc.txt`), rsc);
}

async function screenshots(
  browser: Browser,
  storageState: Awaited<ReturnType<typeof server.storageState>>,
  name: string,
  url: string,
  dir: string,
) {
  mkdirSync(dir, { recursive: true });
  for (const [w, h] of [
    [1366, 768],
    [800, 600],
  ]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, storageState });
    const page = await ctx.newPage();
    await page.goto(url, { waitUntil: "networkidle" });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${w}x${h}.png`) });
    await ctx.close();
  }
}
