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
 * nothing when they differ; a glyph it misses is measured by xterm as before.
 */
export function measureGlyphWidths(term: Terminal): void {
  const cache = widthCacheOf(term);
  if (!cache) return;
  const [regular, bold] = cache._measureElements;
  const spans: Array<[number, boolean, HTMLElement]> = [];
  for (let cp = 32; cp < 127; cp++) {
    const ch = String.fromCharCode(cp);
    for (const [isBold, model] of [
      [false, regular],
      [true, bold],
    ] as const) {
      if (isBold ? cache._holey.has(`${ch}B`) : cache._flat[cp] !== UNSET) continue;
      const el = model.cloneNode() as HTMLElement;
      el.textContent = ch.repeat(REPEAT);
      spans.push([cp, isBold, el]);
    }
  }
  if (!spans.length) return;
  const box = document.createDocumentFragment();
  for (const [, , el] of spans) box.appendChild(el);
  cache._container.appendChild(box);
  // One layout for all of them: nothing changes between the reads.
  for (const [cp, isBold, el] of spans) {
    const width = el.offsetWidth / REPEAT;
    if (width > 0) {
      if (isBold) cache._holey.set(`${String.fromCharCode(cp)}B`, width);
      else cache._flat[cp] = width;
    }
  }
  for (const [, , el] of spans) el.remove();
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
