// Vitest global setup for the PostgreSQL run (TEST_DATABASE=postgres, see vitest.config.ts):
// one throw-away PostgreSQL server for the whole run (scripts/lib/postgres.ts), with a template
// database migrated once; each test file then gets its own copy of it (tests/setup/database.ts).
// A missing PostgreSQL fails the run with the reason: it is never skipped silently.
import type { TestProject } from "vitest/node";
import pg from "pg";
import { startPostgres, type TestPostgres } from "../../scripts/lib/postgres";

let server: TestPostgres | undefined;

export const TEMPLATE_DATABASE = "charity_template";

export default async function setup(project: TestProject) {
  server = await startPostgres();
  const url = await server.createDatabase(TEMPLATE_DATABASE);
  const { openDatabase, migrateToLatest } = await import("../../app/infra/db.server");
  const db = openDatabase(url);
  await migrateToLatest(db);
  await db.destroy();
  // A template must have no other connections while it is copied.
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query(`alter database ${TEMPLATE_DATABASE} is_template true`);
  await admin.end();
  project.provide("postgresAdminUrl", server.adminUrl);
  return async () => {
    await server?.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}
