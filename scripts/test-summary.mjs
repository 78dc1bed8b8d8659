// Prints one closing line for the whole run, "N passed, N failed, N skipped", from the
// Vitest and Playwright JSON reports that scripts/test.sh asked for.
import fs from "node:fs";

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null);
let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = read(".test-reports/vitest.json");
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
}
const e2e = read(".test-reports/e2e.json");
if (e2e) {
  passed += (e2e.stats.expected ?? 0) + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected ?? 0;
  skipped += e2e.stats.skipped ?? 0;
}
if (passed + failed === 0) {
  console.error("No test ran.");
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
