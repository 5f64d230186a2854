// Prints the one closing line CI reads, `N passed, N failed`, from the static checks', vitest's and
// Playwright's JSON reports. A report that is missing (its runner crashed) counts as one failure.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`(no report at ${file}: its runner did not finish)`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(file, "utf8"));
  if (r.checks) {
    // scripts/checks.sh: types, lint
    passed += r.checks.filter((c) => c.ok).length;
    failed += r.checks.filter((c) => !c.ok).length;
  } else if (r.numPassedTests !== undefined) {
    // vitest
    passed += r.numPassedTests;
    failed += r.numFailedTests + filesFailedWithoutTests(r);
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } else if (r.stats) {
    // Playwright
    passed += r.stats.expected ?? 0;
    failed += (r.stats.unexpected ?? 0) + (r.stats.flaky ?? 0);
    skipped += r.stats.skipped ?? 0;
    if (r.errors?.length && !r.stats.expected && !r.stats.unexpected) failed += 1;
  }
}

/** A test file that failed to load (or in a hook) has no failed test of its own: count it once. */
function filesFailedWithoutTests(r) {
  return (r.testResults ?? []).filter((t) => t.status === "failed" && !t.assertionResults?.some((a) => a.status === "failed"))
    .length;
}

if (skipped) console.log(`(${skipped} skipped)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
