import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, sql, SqliteDialect } from "kysely";
import type { Database } from "../../db/schema";
import { migrationProvider } from "../../db/migrations";
import { getEnv } from "./env.server";

export type DB = Kysely<Database>;

/** Opens (creating the folder if needed) a SQLite file with the pragmas every connection needs. */
export function openDatabase(file: string): DB {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // FULL: a write is on disk before it is acknowledged, even across power loss.
  sqlite.pragma("synchronous = FULL");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

// Kept on globalThis so `remix dev` rebuilds reuse one connection instead of leaking them.
const globalForDb = globalThis as typeof globalThis & { __charityDb?: DB };

/** The application's database, opened on first use from DATABASE_URL. */
export function getDb(): DB {
  globalForDb.__charityDb ??= openDatabase(getEnv().databasePath);
  return globalForDb.__charityDb;
}

/**
 * A transaction that takes SQLite's write lock at its start (BEGIN IMMEDIATE). Use it when a
 * transaction reads before it writes: a plain (deferred) one that has read cannot upgrade to
 * a write after another connection committed, and fails at once with SQLITE_BUSY, whatever
 * the busy timeout. Waiting for the lock up front is covered by the busy timeout.
 */
export async function immediateTransaction<T>(db: DB, run: (trx: DB) => Promise<T>): Promise<T> {
  // The connection is held exclusively for this callback, so it serves as the transaction.
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await run(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

/**
 * Changes whenever another connection (another process, a script, a test) has committed to
 * the database since this connection last asked. This connection's own writes do not change
 * it; those are announced by the services that make them (see app/services/news.server.ts).
 * SQLite-only, which is why it lives here and not in a model.
 */
export async function getDataVersion(db: DB): Promise<number> {
  const result = await sql<{ data_version: number }>`pragma data_version`.execute(db);
  return Number(result.rows[0]?.data_version ?? 0);
}
