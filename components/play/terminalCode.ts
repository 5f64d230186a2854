// xterm's code, fetched apart from the page's first scripts (the first paint shows the episode's
// screen without it) and as early as a page knows it will build a terminal. Small and free of
// dependencies: the code run before hydration (instrumentation-client.ts) starts the download.

const loadTerminal = () => Promise.all([import("@xterm/xterm"), import("@xterm/addon-fit")]);
export type TerminalModules = Awaited<ReturnType<typeof loadTerminal>>;
let loading: Promise<TerminalModules> | null = null;

/** xterm's code, downloaded once a page (a failed download is tried again by the next caller). */
export function terminalModules(): Promise<TerminalModules> {
  return (loading ??= loadTerminal().catch((err: Error) => {
    loading = null;
    throw err;
  }));
}

/** Starts xterm's download; a failure is told to whoever then waits for it (terminalModules). */
export function preloadTerminal(): void {
  terminalModules().catch(() => {});
}
