#!/usr/bin/env bash
# `npm test`: every test against real parts — unit and integration tests (vitest: real Docker engine,
# real PostgreSQL) and browser tests (Playwright in Debian's Chromium) — then one plain summary line.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

engine_was_running=0
bash scripts/engine.sh status >/dev/null 2>&1 && engine_was_running=1
cleanup() { [ "$engine_was_running" = 1 ] || bash scripts/engine.sh stop >/dev/null 2>&1 || true; }
trap cleanup EXIT

bash scripts/setup.sh || { echo "test: set-up failed"; echo "0 passed, 1 failed"; exit 1; }
eval "$(bash scripts/engine.sh env)"
export DOCKER_HOST

rm -rf .data/test-results && mkdir -p .data/test-results
status=0

echo "== static checks (types, lint)"
bash scripts/checks.sh || status=1

echo "== unit and integration tests (vitest)"
node_modules/.bin/vitest run || status=1

echo "== building the pages for the browser tests"
if node_modules/.bin/next build > .data/test-results/next-build.log 2>&1; then
  echo "== browser tests (Playwright, Chromium)"
  node_modules/.bin/playwright test || status=1
else
  tail -40 .data/test-results/next-build.log
  echo "next build failed"
  status=1
fi

node scripts/test-summary.mjs .data/test-results/checks.json .data/test-results/vitest.json .data/test-results/playwright.json || status=1
exit $status
