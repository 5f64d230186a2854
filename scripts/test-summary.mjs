// Prints the one closing line CI reads, `N passed, N failed`, from the static checks', vitest's and
// Playwright's JSON reports. A report that is missing (its runner crashed) counts as one failure.
// The failures are named just above that line: a log cut to its tail still says what failed.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`(no report at ${file}: its runner did not finish)`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(file, "utf8"));
  if (r.checks) {
    // scripts/checks.sh: types, lint
    const bad = r.checks.filter((c) => !c.ok);
    passed += r.checks.length - bad.length;
    failed += bad.length;
    for (const c of bad) failures.push(`check: ${c.name}`);
  } else if (r.numPassedTests !== undefined) {
    // vitest
    passed += r.numPassedTests;
    failed += r.numFailedTests + (r.testResults ?? []).filter(failedWithoutTests).length;
    for (const t of r.testResults ?? []) {
      const file = path.relative(process.cwd(), t.name);
      for (const a of t.assertionResults ?? []) if (a.status === "failed") failures.push(`vitest: ${file} › ${a.fullName}`);
      if (failedWithoutTests(t)) failures.push(`vitest: ${file}: ${firstLine(t.message)}`);
    }
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } else if (r.stats) {
    // Playwright
    passed += r.stats.expected ?? 0;
    failed += (r.stats.unexpected ?? 0) + (r.stats.flaky ?? 0);
    skipped += r.stats.skipped ?? 0;
    if (r.errors?.length && !r.stats.expected && !r.stats.unexpected) failed += 1;
    for (const [title, status] of playwrightTests(r.suites ?? []))
      if (status === "unexpected" || status === "flaky") failures.push(`playwright (${status}): ${title}`);
  }
}

/** A test file that failed to load (or in a hook) has no failed test of its own: counted once. */
function failedWithoutTests(t) {
  return t.status === "failed" && !t.assertionResults?.some((a) => a.status === "failed");
}

function* playwrightTests(suites, titles = []) {
  for (const s of suites) {
    const here = s.title ? [...titles, s.title] : titles;
    for (const spec of s.specs ?? [])
      for (const t of spec.tests ?? []) yield [[...here, spec.title].join(" › ") + ` [${t.projectName}]`, t.status];
    yield* playwrightTests(s.suites ?? [], here);
  }
}

function firstLine(text) {
  return String(text ?? "failed")
    .trim()
    .split("\n")[0]
    .slice(0, 300);
}

for (const f of failures) console.log(`failed: ${f}`);
if (skipped) console.log(`(${skipped} skipped)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
