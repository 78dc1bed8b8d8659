import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * TEST_DATABASE=postgres runs the integration suite again on a throw-away PostgreSQL (started by
 * tests/setup/postgres-global.ts). Unit tests touch no database and run once, on the SQLite run.
 * The files left out of the PostgreSQL run test what only SQLite has (its file, pragmas,
 * Litestream backups, the migration of a SQLite file written by an older release), and those
 * listed in noDatabaseTests.
 */
const onPostgres = process.env.TEST_DATABASE === "postgres";
export const sqliteOnlyTests = [
  "tests/integration/database.test.ts",
  "tests/integration/migration-atomicity.test.ts",
  "tests/integration/stripe-migration.test.ts",
  "tests/integration/session-secret.test.ts",
];

/**
 * Integration files that open no database (they test HTTP answers, processes or files through
 * stand-ins): the PostgreSQL run leaves them out, as it would only repeat them. The SQLite run
 * fails a listed file that opens one (tests/setup/database.ts), so none of the database code
 * loses its PostgreSQL pass. `REPORT_DATABASE_USE=file npx vitest run tests/integration` writes
 * "true|false <file>" for each file: on 2026-11-28 every file checked opened one (the app's
 * loaders, actions and services all read it), so the list is empty until a file that does not
 * is added.
 */
export const noDatabaseTests: string[] = [];

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: onPostgres
      ? ["tests/integration/**/*.test.ts"]
      : ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "app/**/*.test.ts"],
    exclude: onPostgres ? [...sqliteOnlyTests, ...noDatabaseTests, "**/node_modules/**"] : ["**/node_modules/**"],
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
