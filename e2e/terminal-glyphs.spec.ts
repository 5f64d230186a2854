import { test, expect, type Page } from "@playwright/test";
import { screenText, startEpisode, taskOf, typeLine, waitForScreen } from "./terminal";

// Starting a sandbox on a loaded machine can take a while.
test.describe.configure({ timeout: 120_000 });

// What the terminal draws is readable: `_`, descenders and `|` at every font size and zoom, and the
// terminal refits (and tells the shell) when the window narrows.

const GLYPHS = "_gy|";
/** Play's 14 px and every size the replay fits a recording to (components/replay/replayTerminal.ts). */
const FONT_SIZES = [7, 8, 9, 10, 11, 12, 13, 14, 15];
const ZOOMS = [1, 1.25, 1.5, 2];

/**
 * Draws GLYPHS at the top left of the page's terminal at this font size and returns, per glyph, the
 * lit pixels of its cell as the screen shows them (a screenshot: what a person sees), counting for
 * `g` and `y` only the bottom third of the cell (their descenders).
 */
async function litPixels(page: Page, fontSize: number | null): Promise<number[]> {
  const cell = await page.evaluate(
    async ([fs, text]) => {
      const t = window.__plateauTerm!;
      if (fs !== null) t.options.fontSize = fs;
      await new Promise<void>((r) => t.write(`\x1b[2J\x1b[H${text}`, r));
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const row = t.element!.querySelector(".xterm-rows > div")!.getBoundingClientRect();
      return { x: row.left, y: row.top, w: row.width / t.cols, h: row.height };
    },
    [fontSize, GLYPHS] as const,
  );
  const png = await page.screenshot({ clip: { x: cell.x, y: cell.y, width: cell.w * GLYPHS.length, height: cell.h } });
  return page.evaluate(
    async ([b64, glyphs]) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement("canvas");
      [c.width, c.height] = [img.width, img.height];
      const g = c.getContext("2d")!;
      g.drawImage(img, 0, 0);
      const w = img.width / glyphs.length;
      return [...glyphs].map((ch, i) => {
        const top = ch === "g" || ch === "y" ? Math.floor((img.height * 2) / 3) : 0;
        const d = g.getImageData(Math.floor(i * w), top, Math.floor(w), img.height - top).data;
        let lit = 0;
        for (let p = 0; p < d.length; p += 4) if (d[p] + d[p + 1] + d[p + 2] > 240) lit++;
        return lit;
      });
    },
    [png.toString("base64"), GLYPHS] as const,
  );
}

/** The page at a zoom (device pixels per CSS pixel), as the browser's zoom draws it. */
async function zoomTo(page: Page, zoom: number) {
  const cdp = await page.context().newCDPSession(page);
  const { width, height } = page.viewportSize()!;
  await cdp.send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: zoom, mobile: false });
}

test("underscores, descenders and bars show at every font size and zoom, on Play and in the replay", async ({ page }) => {
  test.setTimeout(120_000);
  const task = await taskOf(page, "nl2bash_fs_1", 4);
  await startEpisode(page, task.id);
  await waitForScreen(page, /\$ $/m);
  await typeLine(page, "echo snake_case_name");
  await waitForScreen(page, /^snake_case_name$/m);
  const seen: string[] = [];
  for (const zoom of ZOOMS) {
    await zoomTo(page, zoom);
    for (const fs of FONT_SIZES) {
      const lit = await litPixels(page, fs);
      seen.push(...lit.flatMap((n, i) => (n > 0 ? [] : [`${GLYPHS[i]} blank at ${fs} px, ${zoom * 100} %`])));
    }
  }
  expect(seen).toEqual([]);
  await zoomTo(page, 1);
  await page.getByRole("button", { name: "Skip" }).click();
  await page.getByRole("link", { name: /Open the replay/ }).click();
  await expect.poll(() => page.evaluate(() => !!window.__plateauTerm && !!window.__plateauReplay)).toBe(true);
  const lit = await litPixels(page, null); // at the size the replay chose
  expect(
    lit.every((n) => n > 0),
    `replay: ${lit.join(", ")}`,
  ).toBe(true);
});

test("the terminal refits when the window narrows, and the shell hears of it", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const task = await taskOf(page, "nl2bash_fs_1", 5);
  await startEpisode(page, task.id);
  await waitForScreen(page, /\$ $/m);
  const wide = await page.evaluate(() => window.__plateauTerm!.cols);
  await page.setViewportSize({ width: 800, height: 600 });
  await expect.poll(() => page.evaluate(() => window.__plateauTerm!.cols)).toBeLessThan(wide);
  const cols = await page.evaluate(() => window.__plateauTerm!.cols);
  await typeLine(page, "tput cols");
  await waitForScreen(page, new RegExp(`^${cols}$`, "m"));
  // The whole terminal is inside the window: nothing cut off on the right.
  const box = (await page.getByTestId("terminal").boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(800);
  expect(await screenText(page)).not.toMatch(new RegExp(`^${wide}$`, "m"));
});
