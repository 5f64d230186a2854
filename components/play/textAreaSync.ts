import type { Terminal } from "@xterm/xterm";

/** xterm's own (private) method that moves its hidden textarea to the cursor, for the IME. */
interface TextAreaSync {
  _syncTextArea?: () => void;
}

/**
 * Moves xterm's hidden textarea to the cursor once per animation frame instead of after every
 * written chunk. Focused, that textarea costs the page a style-and-layout pass of its own each time
 * it moves (measured: 1.5–1.9 layouts per echoed key focused, 1.0 blurred or deferred); deferred, it
 * moves in the same frame that draws the cursor, so the IME still opens where the cursor is.
 * Without the method (another xterm), nothing changes. Returns what cancels a pending move (call it
 * before disposing the terminal).
 */
export function syncTextAreaPerFrame(term: Terminal): () => void {
  const core = (term as unknown as { _core?: TextAreaSync })._core;
  const sync = core?._syncTextArea?.bind(core);
  if (!core || !sync) return () => {};
  let frame = 0;
  core._syncTextArea = () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      sync();
    });
  };
  return () => cancelAnimationFrame(frame);
}
