// How every Chromium of the project starts (Playwright's tests and the benches): the system's
// browser (PLATFORM.md), no sandbox (root in a container), no GPU, and nothing of its own on the
// network while it is measured.
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};
