// The replay page's inline script, run as soon as its HTML is parsed (long before the page's
// bundle): it sizes the first-paint screen (ReplayScreenPreview) as the terminal will be sized,
// and holds the replay keys pressed until the player takes them (useReplayKeys), so none is lost.
import { fittingFontSize } from "@/lib/replay/fittingFontSize";
import { REPLAY_KEYS } from "@/lib/replay/replayKeys";
import { TERMINAL_FONT } from "@/components/play/terminalFont";

declare global {
  interface Window {
    /** Replay keys pressed before the player was ready; null once it took them. */
    __plateauEarlyReplayKeys?: string[] | null;
  }
}

export const REPLAY_PREVIEW_ID = "plateau-replay-preview";
/** Below a replay's terminal, the timeline, the controls and a few lines of the step's detail stay in the window. */
export const TERMINAL_BELOW = 230;

/**
 * Sizes the first-paint screen as the terminal will be sized: the font that fits (`fitting`), and
 * rows as high as xterm makes them (its measured glyph height in device pixels rounded up, times
 * the line height, rounded down). Everything is read in one layout: a glyph is measured at each
 * size the fit can choose. Self-contained: its source text is part of the inline script.
 */
function sizePreview(
  preview: HTMLElement,
  size: [number, number],
  below: number,
  lineHeight: number,
  fitting: typeof fittingFontSize,
): void {
  const host = preview.parentElement?.firstElementChild; // where the terminal will be
  if (!host) return;
  const probes: HTMLElement[] = [];
  for (let px = 7; px <= 15; px++) {
    const probe = document.createElement("span");
    probe.style.cssText = `position:absolute;visibility:hidden;line-height:normal;font-size:${px}px`;
    probe.textContent = "W";
    probes.push(preview.appendChild(probe));
  }
  const width = host.clientWidth - 4;
  const height = Math.max(0, innerHeight - (host.getBoundingClientRect().top + scrollY) - below);
  const font = width > 0 ? fitting("window", width, size[0], height, size[1]) : 13;
  const glyph = probes[Math.min(Math.max(font, 7), 15) - 7].getBoundingClientRect().height;
  for (const probe of probes) probe.remove();
  const dpr = devicePixelRatio || 1;
  preview.style.fontSize = `${font}px`;
  preview.style.lineHeight = `${Math.floor(Math.ceil(glyph * dpr) * lineHeight) / dpr}px`;
}

/** Self-contained (only globals and its arguments): its source text is the inline script. */
function early(
  previewId: string,
  size: [number, number],
  below: number,
  lineHeight: number,
  keys: string[],
  fitting: typeof fittingFontSize,
  sized: typeof sizePreview,
): void {
  const preview = document.getElementById(previewId);
  if (preview) {
    sized(preview, size, below, lineHeight, fitting);
    // Once the page has made the frame that shows it (bench/replay.ts reads this mark).
    requestAnimationFrame(() => setTimeout(() => performance.mark("plateau:replay-shown")));
  }
  const held: string[] = (window.__plateauEarlyReplayKeys = []);
  const onKey = (e: KeyboardEvent) => {
    if (window.__plateauEarlyReplayKeys !== held) return removeEventListener("keydown", onKey, true);
    const t = e.target as HTMLElement | null;
    const typing = t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
    if (e.ctrlKey || e.metaKey || e.altKey || typing || keys.indexOf(e.key) < 0) return;
    e.preventDefault();
    held.push(e.key);
  };
  addEventListener("keydown", onKey, true);
}

/** The inline script for a replay of a `cols`×`rows` recording (placed after the page's markup). */
export function earlyReplayScript(cols: number, rows: number): string {
  const args = [REPLAY_PREVIEW_ID, [cols, rows], TERMINAL_BELOW, TERMINAL_FONT.lineHeight, Object.keys(REPLAY_KEYS)].map((a) =>
    JSON.stringify(a).replace(/</g, "\\u003c"),
  );
  return `(${early.toString()})(${args.join(",")},${fittingFontSize.toString()},${sizePreview.toString()});`;
}

/** The same sizing, for a page reached within the app (no inline script runs then). */
export function sizeScreenPreview(preview: HTMLElement, cols: number, rows: number): void {
  sizePreview(preview, [cols, rows], TERMINAL_BELOW, TERMINAL_FONT.lineHeight, fittingFontSize);
}

/** The keys held before the player was ready, once (later keys go to the page's own handler). */
export function takeEarlyReplayKeys(): string[] {
  const keys = window.__plateauEarlyReplayKeys ?? [];
  window.__plateauEarlyReplayKeys = null;
  return keys;
}
