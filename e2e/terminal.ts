import { expect, type Page } from "@playwright/test";

// The page's terminal as a person uses it (window.__plateauTerm: DESIGN.md, "Screens").

/** Play's Start (a POST), then the episode's page. */
export async function startEpisode(page: Page, taskId: number) {
  await page.goto(`/play/${taskId}`);
  await page.getByTestId("start-episode").click();
  await page.waitForURL(/\/play\/\d+\?episode=/);
}

/** A task of a dataset by its index, from the API. */
export async function taskOf(page: Page, dataset: string, index: number): Promise<{ id: number; index: number; query: string }> {
  const { tasks } = await (await page.request.get(`/api/tasks?dataset=${dataset}&pageSize=200`)).json();
  return tasks.find((t: { index: number }) => t.index === index);
}

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

export async function waitForScreen(page: Page, pattern: RegExp) {
  await expect.poll(() => page.evaluate(() => !!window.__plateauTerm), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => screenText(page), { timeout: 20_000 }).toMatch(pattern);
}

export async function typeLine(page: Page, line: string) {
  await page.getByTestId("terminal").click();
  await page.keyboard.type(line);
  await page.keyboard.press("Enter");
}
