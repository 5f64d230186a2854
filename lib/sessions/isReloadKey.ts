/** The keys of a keydown, as the browser gives them. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * Whether a key press asks the browser to reload the page: F5, or Ctrl/Cmd+R (with Shift: a hard
 * reload). In the terminal, Ctrl+R is the shell's history search, so it is not a reload there.
 * The Play page reloads for these itself, so that its leave warning knows a reload from leaving.
 */
export function isReloadKey(k: KeyPress, inTerminal: boolean): boolean {
  if (k.altKey) return false;
  if (k.key === "F5") return true;
  if (k.key.toLowerCase() !== "r") return false;
  return k.metaKey || (k.ctrlKey && !inTerminal);
}
