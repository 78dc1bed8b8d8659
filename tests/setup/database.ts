// Vitest setup: every test file gets its own migrated database, so loaders, actions and API
// routes that call getDb() run against a real database in isolation: a temporary SQLite file,
// a copy of the run's migrated template (tests/setup/sqlite-global.ts), or, in the PostgreSQL
// run (TEST_DATABASE=postgres), a fresh copy of the migrated template database on the run's
// throw-away server (tests/setup/postgres-global.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect } from "vitest";
import { copySqliteTemplate } from "./sqlite-template";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charity-vitest-"));
const onPostgres = process.env.TEST_DATABASE === "postgres";
// Each file's own data folder (generated session secret, uploads) on both engines.
process.env.UPLOADS_DIR = path.join(dir, "uploads");
// REPORT_SQL=FILE on the PostgreSQL run appends "<statement>\t<test file>" for every distinct SQL
// statement the file sent (parameters as `?`, lists folded), read by scripts/sql-coverage.mjs to
// find the files whose SQL the other files send too (vitest.config.ts, postgresCoveredTests).
const statements = new Set<string>();
if (onPostgres && process.env.REPORT_SQL) {
  const { default: pg } = await import("pg");
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: unknown } | undefined)?.text;
    if (typeof text === "string" && !/^\s*(create|drop|alter) database\b/i.test(text)) {
      statements.add(
        text
          .replace(/\s+/g, " ")
          .replace(/\$\d+/g, "?")
          .replace(/\?(, \?)+/g, "?…")
          .replace(/\(\?…?\)(, \(\?…?\))+/g, "(?…)…")
          .trim(),
      );
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}
if (onPostgres) {
  const { createPostgresDatabase } = await import("../integration/helpers");
  process.env.DATABASE_URL = await createPostgresDatabase();
  // The file's own database is getDb()'s: it counts as opened only when the file opens it.
  delete (globalThis as { __charityTestDatabaseMade?: boolean }).__charityTestDatabaseMade;
} else {
  copySqliteTemplate(path.join(dir, "test.sqlite"));
  process.env.DATABASE_URL = `file:${path.join(dir, "test.sqlite")}`;
}
process.env.SESSION_SECRET = "vitest-session-secret-0123456789";
process.env.ADMIN_USERNAME = "admin";
// Tests post the public forms far faster than a person; the throttle has its own tests,
// which set their own limits at the top of their file.
process.env.PUBLIC_FORM_LIMIT_PER_MINUTE ??= "10000";
process.env.PUBLIC_FORM_LIMIT_PER_HOUR ??= "10000";

// The copy is migrated already, so a file that never opens the database (most unit tests) does
// not load the database code at all. getDb() keeps its connection on globalThis (db.server.ts);
// tests/integration/helpers.ts marks a database a test made itself (createTestDatabase).
// A unit file runs on the SQLite run only (vitest.config.ts): if it opens a database, the SQLite
// run fails here, so no database code loses its PostgreSQL pass.
afterAll(async () => {
  const testFile = path.relative(process.cwd(), expect.getState().testPath ?? "");
  const state = globalThis as { __charityDb?: unknown; __charityTestDatabaseMade?: boolean };
  const opened = state.__charityDb !== undefined || state.__charityTestDatabaseMade === true;
  if (process.env.REPORT_DATABASE_USE) fs.appendFileSync(process.env.REPORT_DATABASE_USE, `${opened} ${testFile}\n`);
  if (process.env.REPORT_SQL && statements.size > 0) {
    fs.appendFileSync(
      process.env.REPORT_SQL,
      [...statements].map((statement) => `${statement}\t${testFile}\n`).join(""),
    );
  }
  if (opened && !onPostgres && !testFile.startsWith(`tests${path.sep}integration${path.sep}`)) {
    throw new Error(`${testFile} opened a database: move it to tests/integration, which also runs on PostgreSQL`);
  }
  await (globalThis as { __charityDb?: { destroy(): Promise<void> } }).__charityDb?.destroy();
  // A file another connection of the test (an upload, a WAL checkpoint's worker) closes as the
  // folder goes can leave it briefly not empty: Node retries the removal then.
  try {
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  } catch (error) {
    // Still not empty after the retries (a background write of the file's last test landing as
    // the folder goes: seen twice in a full run): the folder is in the system's temporary
    // directory, so it is left there rather than failing a file whose tests all passed.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOTEMPTY" && code !== "EBUSY") throw error;
  }
});
