// A PostgreSQL server for tests that need one whichever engine the app uses (db:copy, backup:pg):
// on the PostgreSQL run (TEST_DATABASE=postgres), where vitest.config.ts runs those files, the
// run's own server; otherwise (such a file run by hand on SQLite) a throw-away one started here
// (scripts/lib/postgres.ts). Missing PostgreSQL binaries fail the test with the reason; they never
// skip it.
import crypto from "node:crypto";
import { inject } from "vitest";
import { startPostgres, type TestPostgres } from "../../scripts/lib/postgres";
import { createPostgresDatabase } from "./helpers";

export interface PostgresForTest {
  adminUrl: string;
  /** A new, empty database (no tables); its URL. */
  emptyDatabase(): Promise<string>;
  stop(): Promise<void>;
}

export async function postgresForTest(): Promise<PostgresForTest> {
  if (process.env.TEST_DATABASE === "postgres") {
    const adminUrl = inject("postgresAdminUrl");
    return {
      adminUrl,
      emptyDatabase: () => createPostgresDatabase({ migrated: false }),
      stop: async () => undefined,
    };
  }
  const server: TestPostgres = await startPostgres();
  return {
    adminUrl: server.adminUrl,
    emptyDatabase: () => server.createDatabase(`empty_${crypto.randomBytes(6).toString("hex")}`),
    stop: () => server.stop(),
  };
}
