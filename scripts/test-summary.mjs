// Prints one closing line for the whole run, "N passed, N failed, N skipped", from the
// Vitest and Playwright JSON reports that scripts/test.sh asked for (in .test-reports/, or the
// folder given as the first argument).
//
// Playwright retries a failing test once in CI. A test that passed only on its retry is flaky:
// it is listed by name and counted on the lines before the closing line, counted there as
// failed (not passed), and the run fails, so a flake cannot hide behind the retry. The closing
// line's format is read by other tools: keep it exactly "N passed, N failed, N skipped".
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? ".test-reports";
const read = (file) => {
  const full = path.join(dir, file);
  return fs.existsSync(full) ? JSON.parse(fs.readFileSync(full, "utf8")) : null;
};
let passed = 0;
let failed = 0;
let skipped = 0;
const flaky = [];

// One report per pass: vitest.json (SQLite), vitest-postgres.json, e2e.json, e2e-postgres.json.
const reports = (prefix) =>
  (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
    .filter((file) => file.startsWith(prefix) && file.endsWith(".json"))
    .sort()
    .map(read);

for (const vitest of reports("vitest")) {
  // Vitest is not configured to retry, so its report has no flaky tests to find.
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
}

/** Every test of a Playwright JSON report, with the titles of the suites around it. */
function* playwrightTests(suites, titles = []) {
  for (const suite of suites ?? []) {
    // The outermost suite is the file; its title is the file name.
    const inner = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) yield { name: [...inner, spec.title].join(" › "), spec, test };
    }
    yield* playwrightTests(suite.suites, inner);
  }
}

for (const e2e of reports("e2e")) {
  // This report's flaky tests only: `flaky` holds every report's, and a flake counts once.
  const named = [];
  for (const { name, spec, test } of playwrightTests(e2e.suites)) {
    if (test.status !== "flaky") continue;
    const line = spec.line ? `:${spec.line}` : "";
    named.push(`[${test.projectName}] ${name}${line} (passed on retry ${test.results?.at(-1)?.retry ?? 1})`);
  }
  // The per-test statuses and the totals come from the same run; if they disagree, trust the
  // larger count of flaky tests so that none is lost.
  const unnamed = Math.max(0, (e2e.stats.flaky ?? 0) - named.length);
  for (let i = 0; i < unnamed; i++) named.push("(a test the report counts as flaky but does not name)");
  flaky.push(...named);
  passed += e2e.stats.expected ?? 0;
  failed += (e2e.stats.unexpected ?? 0) + named.length;
  skipped += e2e.stats.skipped ?? 0;
}
if (passed + failed === 0) {
  console.error("No test ran.");
  process.exit(1);
}
if (flaky.length > 0) {
  console.log(`Flaky (passed only on a retry; counted as failed below):`);
  for (const name of flaky) console.log(`  ${name}`);
}
console.log(`${flaky.length} flaky`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
