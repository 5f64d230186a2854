import { expect, type Page } from "@playwright/test";

// The play page's terminal as a test reads and types it.

/** The visible screen of the page's terminal, as text. */
export async function screenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const t = window.__plateauTerm!;
    const b = t.buffer.active;
    const lines: string[] = [];
    for (let i = 0; i < b.length; i++) lines.push(b.getLine(i)!.translateToString(true));
    return lines.join("\n").replace(/\n+$/, "");
  });
}

export async function waitForScreen(page: Page, pattern: RegExp, timeout = 20_000) {
  await expect.poll(() => page.evaluate(() => !!window.__plateauTerm), { timeout }).toBe(true);
  await expect.poll(() => screenText(page), { timeout }).toMatch(pattern);
}

export async function typeLine(page: Page, line: string) {
  await page.getByTestId("terminal").click();
  await page.keyboard.type(line);
  await page.keyboard.press("Enter");
}
