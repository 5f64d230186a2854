#!/usr/bin/env bash
# The static checks of `npm test`: types over every tsconfig (the app, tests, e2e, bench, scripts;
# and the engines compiled without the DOM), lint (typescript-eslint, import boundaries, no cycles)
# and format (Prettier, .prettierrc.json; `npx prettier --write .` formats what it lists).
# Each check is one test in the summary (.data/test-results/checks.json).
set -uo pipefail
cd "$(dirname "$0")/.."
out=.data/test-results
mkdir -p "$out"
# Two at a time (the machine's cores), each into its own log; reported in order once all are done.
names=()
status_of() { cat "$out/check-$1.status" 2>/dev/null || echo 1; }
check() {
  local name="$1"; shift
  names+=("$name")
  [ "$(jobs -rp | wc -l)" -ge 2 ] && wait -n
  ( "$@" > "$out/check-$name.log" 2>&1; echo $? > "$out/check-$name.status" ) &
}
rm -f "$out"/check-*.status
check "types" node_modules/.bin/tsc --noEmit -p tsconfig.json
for config in lib/*/tsconfig.json; do
  check "types-no-dom-$(basename "$(dirname "$config")")" node_modules/.bin/tsc -p "$config"
done
check "lint" node_modules/.bin/eslint --max-warnings 0 .
check "format" node_modules/.bin/prettier --check .
wait
results=()
failed=0
for name in "${names[@]}"; do
  if [ "$(status_of "$name")" = 0 ]; then
    echo "  ✓ $name"; results+=("{\"name\":\"$name\",\"ok\":true}")
  else
    echo "  ✗ $name"; tail -30 "$out/check-$name.log"; results+=("{\"name\":\"$name\",\"ok\":false}"); failed=1
  fi
done
rm -f "$out"/check-*.status
(IFS=,; echo "{\"checks\":[${results[*]}]}") > "$out/checks.json"
exit $failed
