import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Which files run where; the folder is the rule, so a new file needs no list.
 * - tests/unit (and test files under app/): code that opens no database. Run once, on the SQLite run.
 * - tests/integration: everything that opens a database (the app's getDb(), or one of its own).
 *   Run on SQLite, then again on a throw-away PostgreSQL (TEST_DATABASE=postgres, started by
 *   tests/setup/postgres-global.ts), except sqliteOnlyTests, postgresOnlyTests and the files
 *   that send PostgreSQL no SQL of their own (postgresCoveredTests) below.
 * The SQLite run fails a unit file that opens a database (tests/setup/database.ts), so no database
 * code loses its PostgreSQL pass; `REPORT_DATABASE_USE=FILE` writes "true|false <file>" for each file
 * run, to find an integration file that opens none (it belongs in tests/unit).
 */
const onPostgres = process.env.TEST_DATABASE === "postgres";
/** Integration files that test what only SQLite has: its file and pragmas, the migration of a SQLite file written by an older release. */
const sqliteOnlyTests = [
  "tests/integration/database.test.ts",
  "tests/integration/migration-atomicity.test.ts",
  "tests/integration/stripe-migration.test.ts",
];
/**
 * Integration files whose subject is a PostgreSQL server whatever the app's engine (db:copy from a
 * SQLite file into one, backup:pg): the same work on both runs, so they run once, on the PostgreSQL
 * run, whose server they use (on the SQLite run each started a server of its own).
 */
const postgresOnlyTests = ["tests/integration/db-copy.test.ts", "tests/integration/pg-backup.test.ts"];
/**
 * Integration files that send PostgreSQL no SQL of their own: every statement they send, a file kept
 * on the PostgreSQL run sends too (measured with REPORT_SQL, scripts/sql-coverage.mjs, 2026-11-28:
 * 103 files, 1,458 distinct statements). Their subject is above the database (a form's answers,
 * the cross-site door, feeds, the legal pages' wording, Stripe switched off), so they run once, on
 * SQLite. Kept on PostgreSQL although the tool would drop them: the fuzzing files (the values
 * that reach the SQL are their subject), schema-matches-database (each engine's schema),
 * retry-after (timed out in the measured run, so its list may be short), the outbox's leases
 * (mail-outbox) and the figures counted in SQL by month and year (overview, admin-stats,
 * stats-charts), whose results other files send but do not check. POSTGRES_ALL=1 runs these too.
 */
const postgresCoveredTests = [
  "tests/integration/action-guard.test.ts",
  "tests/integration/admin-password-script.test.ts",
  "tests/integration/auth-spray.test.ts",
  "tests/integration/clock.test.ts",
  "tests/integration/donate.test.ts",
  "tests/integration/feeds.test.ts",
  "tests/integration/gift-aid-admin.test.ts",
  "tests/integration/gift-aid-donate.test.ts",
  "tests/integration/hmrc-test-gateway.test.ts",
  "tests/integration/legal-processors.test.ts",
  "tests/integration/page-cache.test.ts",
  "tests/integration/public-forms.test.ts",
  "tests/integration/publications.test.ts",
  "tests/integration/stripe-off.test.ts",
];

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: onPostgres
      ? ["tests/integration/**/*.test.ts"]
      : ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "app/**/*.test.ts"],
    exclude: [
      ...(onPostgres
        ? [...sqliteOnlyTests, ...(process.env.POSTGRES_ALL ? [] : postgresCoveredTests)]
        : postgresOnlyTests),
      "**/node_modules/**",
    ],
    environment: "node",
    pool: "forks",
    // Vitest's default on a 2-core machine is one worker (cores less one). The files wait on the
    // database's disk and on PostgreSQL as much as they compute: 4 workers took the SQLite run
    // from 191 s to 103 s and the PostgreSQL run from 194 s to 117 s (2026-11-26, same machine).
    maxWorkers: 4,
    globalSetup: onPostgres ? ["tests/setup/postgres-global.ts"] : ["tests/setup/sqlite-global.ts"],
    setupFiles: ["tests/setup/database.ts"],
    testTimeout: 20_000,
  },
});
