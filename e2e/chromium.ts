// How every Chromium of the project starts (Playwright's tests and the benches): the system's
// browser (PLATFORM.md), no sandbox (root in a container), no GPU, and nothing of its own on the
// network while it is measured.
// Each new context of a headless Chromium 156 opens a window whose address bar's popup is a page of
// its own (a "WebUI Top Renderer"): ~1 s of CPU per context, measured on a replay bench open, as much
// as the page being measured. Chromium keeps only the last --disable-features, so this list repeats
// the one Playwright 1.64 passes (chromiumSwitches.ts) and adds the popup's three features.
const DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "DialMediaRouteProvider",
  "GlobalMediaControls",
  "HttpsUpgrades",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "BlockOriginHeaderModificationOnRedirect",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "Translate",
  "AutoDeElevate",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "WebUIOmniboxPopup",
  "WebUIOmniboxFullPopup",
  "WebUIOmniboxAimPopup",
];

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
    `--disable-features=${DISABLED_FEATURES.join(",")}`,
  ],
};
