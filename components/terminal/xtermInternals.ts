import type { Terminal } from "@xterm/xterm";

// Two costs of xterm 6.0's DOM renderer that Plateau's pages pay on every first screen, seek and
// flood, cut by reaching into its internals. Each checks that the parts it uses are there and
// does nothing otherwise: xterm then works as it does without them.

interface Internals {
  _core?: { _renderService?: { _renderer?: { value?: { _widthCache?: unknown } } }; _viewport?: object };
}

/** The parts of xterm 6.0's DOM renderer's WidthCache used here (internals: checked before use). */
interface WidthCache {
  _container: HTMLElement;
  _measureElements: HTMLElement[];
  _flat: Float32Array;
  _holey: Map<string, number>;
}

const REPEAT = 32; // as WidthCache measures: the width of 32 copies, divided
const UNSET = -9999;

function widthCacheOf(term: Terminal): WidthCache | null {
  const cache = (term as Internals)._core?._renderService?._renderer?.value?._widthCache as Partial<WidthCache> | undefined;
  const ok =
    cache?._container instanceof HTMLElement &&
    cache._measureElements?.length === 4 &&
    cache._flat instanceof Float32Array &&
    cache._holey instanceof Map;
  return ok ? (cache as WidthCache) : null;
}

/**
 * xterm's DOM renderer measures a glyph's width the first time it draws it, one forced layout
 * each (~0.3-0.5 ms; a first screen has dozens, the first seeks of a recording ~100). This
 * measures printable ASCII, plain and bold, in one layout, as xterm would (its own measuring
 * elements, cloned), and fills its cache. It reaches into xterm 6.0's internals and does
 * nothing when they differ; a glyph it misses is measured by xterm as before. What it measured is
 * kept in this browser for the same font and zoom, and taken again once one glyph measures the
 * same (that layout alone, instead of 4-6 ms of a reloaded Play page's building its terminal).
 */
export function measureGlyphWidths(term: Terminal): void {
  const cache = widthCacheOf(term);
  if (!cache) return;
  const [regular, bold] = cache._measureElements;
  const key = [regular.style.cssText, bold.style.cssText, devicePixelRatio, navigator.userAgent].join("|");
  const all = keptWidths();
  const kept = all[key];
  if (kept && kept.plain[PROBE - FIRST] === measure(cache._container, [[regular, PROBE]])[0]) {
    for (let cp = FIRST; cp < LAST; cp++) {
      if (cache._flat[cp] === UNSET && kept.plain[cp - FIRST] > 0) cache._flat[cp] = kept.plain[cp - FIRST];
      if (!cache._holey.has(boldKey(cp)) && kept.bold[cp - FIRST] > 0) cache._holey.set(boldKey(cp), kept.bold[cp - FIRST]);
    }
    return;
  }
  const missing: Array<[HTMLElement, number, (width: number) => void]> = [];
  for (let cp = FIRST; cp < LAST; cp++) {
    if (cache._flat[cp] === UNSET) missing.push([regular, cp, (w) => (cache._flat[cp] = w)]);
    if (!cache._holey.has(boldKey(cp))) missing.push([bold, cp, (w) => cache._holey.set(boldKey(cp), w)]);
  }
  measure(
    cache._container,
    missing.map(([model, cp]) => [model, cp]),
  ).forEach((w, i) => w > 0 && missing[i][2](w));
  const row = (get: (cp: number) => number | undefined) =>
    Array.from({ length: LAST - FIRST }, (_, i) => get(FIRST + i) ?? 0).map((w) => (w > 0 ? w : 0));
  keepWidths(all, key, { plain: row((cp) => cache._flat[cp]), bold: row((cp) => cache._holey.get(boldKey(cp))) });
}

/** The key of a bold glyph's width in xterm's cache. */
const boldKey = (cp: number) => `${String.fromCharCode(cp)}B`;

const FIRST = 32,
  LAST = 127,
  PROBE = 87; // "W"

/** Each glyph's width as xterm measures it (REPEAT copies, divided), in one layout for all. */
function measure(container: HTMLElement, glyphs: Array<[HTMLElement, number]>): number[] {
  if (!glyphs.length) return [];
  const els = glyphs.map(([model, cp]) => {
    const el = model.cloneNode() as HTMLElement;
    el.textContent = String.fromCharCode(cp).repeat(REPEAT);
    return el;
  });
  const box = document.createDocumentFragment();
  for (const el of els) box.appendChild(el);
  container.appendChild(box);
  // One layout for all of them: nothing changes between the reads.
  const widths = els.map((el) => el.offsetWidth / REPEAT);
  for (const el of els) el.remove();
  return widths;
}

type KeptWidths = Record<string, { plain: number[]; bold: number[] }>;
const KEPT = "plateau.glyph-widths";
const KEPT_FONTS = 8;

function keptWidths(): KeptWidths {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEPT) ?? "{}");
    const ok = (a: unknown) =>
      Array.isArray(a) && a.length === LAST - FIRST && a.every((w) => typeof w === "number" && w >= 0 && w < 1000);
    if (!v || typeof v !== "object") return {};
    return Object.fromEntries(Object.entries(v).filter(([, w]) => ok(w?.plain) && ok(w?.bold))) as KeptWidths;
  } catch {
    return {}; // no storage here, or not ours: measured each time
  }
}

/** `all`: what keptWidths() read, with this font's widths added (the oldest fonts dropped past KEPT_FONTS). */
function keepWidths(kept: KeptWidths, key: string, widths: KeptWidths[string]): void {
  try {
    const all = { ...kept, [key]: widths };
    const keys = Object.keys(all);
    for (const k of keys.slice(0, Math.max(0, keys.length - KEPT_FONTS))) delete all[k];
    localStorage.setItem(KEPT, JSON.stringify(all));
  } catch {
    // full or refused: measured again next time
  }
}

/**
 * Makes `target[name]` run at most once a frame, just before it is drawn, for the calls that
 * `deferred(...args)` picks (the others run at once). Returns what cancels a pending call (call it
 * before disposing the terminal). Nothing changes when the method is not there.
 */
function oncePerFrame(target: object | undefined, name: string, deferred: (...args: unknown[]) => boolean = () => true) {
  const methods = target as Record<string, ((...args: unknown[]) => unknown) | undefined> | undefined;
  const method = methods?.[name];
  if (!methods || typeof method !== "function") return () => {};
  let frame = 0;
  methods[name] = (...args: unknown[]) => {
    if (!deferred(...args)) return method.apply(target, args);
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      method.call(target);
    });
  };
  return () => cancelAnimationFrame(frame);
}

/**
 * Moves xterm's hidden textarea to the cursor once per animation frame instead of after every
 * written chunk. Focused, that textarea costs the page a style-and-layout pass of its own each time
 * it moves (measured: 1.5–1.9 layouts per echoed key focused, 1.0 blurred or deferred); deferred, it
 * moves in the same frame that draws the cursor, so the IME still opens where the cursor is.
 */
export function syncTextAreaPerFrame(term: Terminal): () => void {
  return oncePerFrame((term as Internals)._core, "_syncTextArea");
}

/**
 * xterm brings its scrollbar up to date on every line that scrolls: new dimensions, a new
 * position, and a hide timer cleared and set again (on a seek that writes 200 lines, ~10 ms of
 * a 60 ms first seek). Here once a frame. The buffer's scroll event calls `_sync()` with no
 * argument; xterm's own queued syncs pass one and run as they did.
 */
export function syncScrollbarPerFrame(term: Terminal): () => void {
  return oncePerFrame((term as Internals)._core?._viewport, "_sync", (ydisp) => ydisp === undefined);
}
