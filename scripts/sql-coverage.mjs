// Which integration files send no SQL of their own to PostgreSQL: every statement they send, some
// other file on the PostgreSQL run sends too (vitest.config.ts, postgresCoveredTests).
//
//   REPORT_SQL=/tmp/sql.txt TEST_DATABASE=postgres POSTGRES_ALL=1 npx vitest run
//   node scripts/sql-coverage.mjs /tmp/sql.txt [vitest-postgres.json]
//
// POSTGRES_ALL=1 runs every integration file on PostgreSQL (postgresCoveredTests too), and
// tests/setup/database.ts writes one line "<statement>\t<file>" per distinct statement a file sent
// (parameters as `?`, lists folded). The files are taken slowest first (from the Vitest JSON report
// when given) and one is dropped when each of its statements is still sent by a file kept; so no
// statement the run sent loses its PostgreSQL pass. The fuzzing files stay whatever they send:
// their subject is the values that reach the statements (a NUL byte or a number past PostgreSQL's
// integer is refused by PostgreSQL where SQLite stores it), not the statements.
import fs from "node:fs";

const [reportFile, timingFile] = process.argv.slice(2);
if (!reportFile) {
  console.error("usage: node scripts/sql-coverage.mjs REPORT_SQL-file [vitest JSON report]");
  process.exit(1);
}
const keep = (file) => /-fuzz\.test\.ts$/.test(file);
// Files that send nearly every loader's and action's SQL on an empty database and check only the
// answer's status (who may open what, the cross-site door): a statement only they send is not
// counted as checked on PostgreSQL, so a file whose results depend on it stays.
const statusOnly = new Set(["tests/integration/role-table.test.ts", "tests/integration/action-guard.test.ts"]);

/** @type {Map<string, Set<string>>} file -> statements */
const byFile = new Map();
for (const line of fs.readFileSync(reportFile, "utf8").split("\n")) {
  const tab = line.lastIndexOf("\t");
  if (tab < 0) continue;
  const file = line.slice(tab + 1);
  if (!byFile.has(file)) byFile.set(file, new Set());
  byFile.get(file).add(line.slice(0, tab));
}
const seconds = new Map();
if (timingFile) {
  for (const result of JSON.parse(fs.readFileSync(timingFile, "utf8")).testResults) {
    const file = result.name.slice(result.name.indexOf("tests/"));
    seconds.set(file, (result.endTime - result.startTime) / 1000);
  }
}
/** statement -> how many kept files send it (and check what it answered) */
const senders = new Map();
for (const [file, statements] of byFile)
  if (!statusOnly.has(file))
    for (const statement of statements) senders.set(statement, (senders.get(statement) ?? 0) + 1);

const dropped = [];
const order = [...byFile.keys()].sort((a, b) => (seconds.get(b) ?? 0) - (seconds.get(a) ?? 0) || a.localeCompare(b));
for (const file of order) {
  if (keep(file)) continue;
  const statements = byFile.get(file);
  const others = (statement) => (senders.get(statement) ?? 0) - (statusOnly.has(file) ? 0 : 1);
  if ([...statements].every((statement) => others(statement) > 0)) {
    if (!statusOnly.has(file)) for (const statement of statements) senders.set(statement, senders.get(statement) - 1);
    dropped.push(file);
  }
}
const total = dropped.reduce((sum, file) => sum + (seconds.get(file) ?? 0), 0);
console.log(`${byFile.size} files sent ${senders.size} distinct statements on PostgreSQL.`);
console.log(
  `${dropped.length} files send none of their own${timingFile ? ` (${total.toFixed(1)} s of test time)` : ""}:`,
);
for (const file of dropped.sort()) console.log(`  "${file}",`);
