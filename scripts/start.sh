#!/usr/bin/env bash
# `npm start`: set up what is missing, build the pages, serve Plateau on $PORT (default 3000) with
# the embedded PostgreSQL (unless DATABASE_URL) and the best sandbox that works here.
# Stops the private Docker engine it started when Plateau stops.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

engine_was_running=0
bash scripts/engine.sh status >/dev/null 2>&1 && engine_was_running=1
if ! bash scripts/setup.sh; then
  echo "start: set-up failed; starting anyway with what works (the Home page says which sandbox is missing)" >&2
  bash scripts/setup.sh --no-engine
fi
eval "$(bash scripts/engine.sh env 2>/dev/null || true)"

if [ ! -f .next/BUILD_ID ] || [ -n "$(find app components lib -newer .next/BUILD_ID -type f -print -quit 2>/dev/null)" ]; then
  echo "start: building the pages (next build)" >&2
  mkdir -p .data && node_modules/.bin/next build >.data/next-build.log 2>&1 || { tail -40 .data/next-build.log >&2; echo "start: next build failed (full log: .data/next-build.log)" >&2; exit 1; }
fi

export NODE_ENV=production
node_modules/.bin/tsx server.ts &
server=$!
stop() {
  kill -TERM "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  [ "$engine_was_running" = 1 ] || bash scripts/engine.sh stop >/dev/null 2>&1 || true
}
trap stop INT TERM
wait "$server" || true
stop
