// Vitest setup: every test file gets its own migrated database, so loaders, actions and API
// routes that call getDb() run against a real database in isolation: a temporary SQLite file,
// or, in the PostgreSQL run (TEST_DATABASE=postgres), a fresh copy of the migrated template
// database on the run's throw-away server (tests/setup/postgres-global.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charity-vitest-"));
const onPostgres = process.env.TEST_DATABASE === "postgres";
// Each file's own data folder (generated session secret, uploads) on both engines.
process.env.UPLOADS_DIR = path.join(dir, "uploads");
if (onPostgres) {
  const { createPostgresDatabase } = await import("../integration/helpers");
  process.env.DATABASE_URL = await createPostgresDatabase();
} else {
  process.env.DATABASE_URL = `file:${path.join(dir, "test.sqlite")}`;
}
process.env.SESSION_SECRET = "vitest-session-secret-0123456789";
process.env.ADMIN_USERNAME = "admin";
// Tests post the public forms far faster than a person; the throttle has its own tests,
// which set their own limits at the top of their file.
process.env.PUBLIC_FORM_LIMIT_PER_MINUTE ??= "10000";
process.env.PUBLIC_FORM_LIMIT_PER_HOUR ??= "10000";

beforeAll(async () => {
  const { getDb, migrateToLatest } = await import("~/infra/db.server");
  await migrateToLatest(getDb());
});

afterAll(async () => {
  const { getDb } = await import("~/infra/db.server");
  await getDb().destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});
