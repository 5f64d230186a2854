#!/usr/bin/env bash
# The server Playwright tests talk to: a production build, a fresh embedded PostgreSQL under
# .data/e2e (.data/e2e-PORT on another port, so two runs never share one), a small warm pool.
# Playwright stops it when the run ends.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-3100}"
data=.data/e2e
[ "$port" = 3100 ] || data=".data/e2e-$port"
rm -rf "$data"
mkdir -p "$data"
eval "$(bash scripts/engine.sh env 2>/dev/null || true)"
export NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT="$port" PLATEAU_PG_PORT="${E2E_PG_PORT:-5544}"
export PLATEAU_SANDBOX_DISK_MB="${PLATEAU_SANDBOX_DISK_MB:-128}" PLATEAU_TEST_HOOKS=1 PLATEAU_DATA_DIR="$data" PLATEAU_ROOTFS_DIR="${PLATEAU_ROOTFS_DIR:-$PWD/.data/rootfs}" PLATEAU_POOL_SIZE="${PLATEAU_POOL_SIZE:-1}"
# One LLM endpoint on a local port (E2E_LLM_PORT, default the server's port + 1) where nothing answers
# unless a test listens there with a FAKE chat server (e2e/bestOfN.spec.ts); no real key is anywhere
# near this server.
llm_port="${E2E_LLM_PORT:-$((port + 1))}"
unset PLATEAU_LLM_BASE_URL PLATEAU_LLM_API_KEY OPENAI_API_KEY PLATEAU_LLM_MODEL
export PLATEAU_LLM_ENDPOINTS="[{\"name\":\"e2e-local\",\"baseUrl\":\"http://127.0.0.1:$llm_port/v1\",\"models\":[\"e2e-model\"]}]"
# Node runs the server itself (tsx as a loader, not its CLI): Playwright signals the whole process
# group, and tsx's CLI, given the same SIGTERM, waits 30 ms for the server to say it has it and then
# kills it with SIGKILL. On a busy machine that cut the ordered stop short and left PostgreSQL and
# sandboxes running (as scripts/start.sh found before).
exec node --import tsx server.ts
