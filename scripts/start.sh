#!/usr/bin/env bash
# `npm start`: set up what is missing, build the pages, serve Plateau on $PORT (default 3000) with
# the embedded PostgreSQL (unless DATABASE_URL) and the best sandbox that works here.
# Stops the private Docker engine it started when Plateau stops (or fails to start).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

engine_was_running=0
bash scripts/engine.sh status >/dev/null 2>&1 && engine_was_running=1
# Whatever way this ends (a failed build too), the private engine it started goes with it, last.
stop_engine() { [ "$engine_was_running" = 1 ] || bash scripts/engine.sh stop >/dev/null 2>&1 || true; }
trap stop_engine EXIT
# PLATEAU_SETUP=0: a machine already set up skips the checks (they ask the engine about every image),
# but its engine still starts if none answers: the docker driver needs one.
if [ "${PLATEAU_SETUP:-1}" = 0 ]; then
  bash scripts/engine.sh start >&2 || echo "start: no Docker engine could start; the best other sandbox is used" >&2
elif ! bash scripts/setup.sh; then
  echo "start: set-up failed; starting anyway with what works (the Home page says which sandbox is missing)" >&2
  bash scripts/setup.sh --no-engine
fi
eval "$(bash scripts/engine.sh env 2>/dev/null || true)"

if [ ! -f .next/BUILD_ID ] || [ -n "$(find app components lib -newer .next/BUILD_ID -type f -print -quit 2>/dev/null)" ]; then
  echo "start: building the pages (next build)" >&2
  mkdir -p .data && node_modules/.bin/next build >.data/next-build.log 2>&1 || { tail -40 .data/next-build.log >&2; echo "start: next build failed (full log: .data/next-build.log)" >&2; exit 1; }
fi

export NODE_ENV=production
# The server gets its own process group: a terminal's Ctrl-C reaches this script (and npm) only, and
# this script passes each signal on once; the server stops in order (episodes, sandboxes,
# PostgreSQL) and a second Ctrl-C forces it. package.json runs this script with `exec`, so npm's
# SIGTERM (a service manager's, a container runtime's) reaches it too. Node runs the server itself
# (tsx as a loader, not its CLI), so no relay process sits between the signal and the server.
setsid node --import tsx server.ts &
server=$!
trap 'kill -INT "$server" 2>/dev/null || true' INT
trap 'kill -TERM "$server" 2>/dev/null || true' TERM HUP
# wait returns early when a trap runs: wait again until the server has really exited.
status=0
while kill -0 "$server" 2>/dev/null; do
  status=0
  wait "$server" || status=$?
done
exit "$status"
