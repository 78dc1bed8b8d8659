import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  Migrator,
  sql,
  SqliteAdapter,
  SqliteDialect,
  type DialectAdapter,
  type MigrationProvider,
} from "kysely";
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
  const db = new Kysely<Database>({ dialect: new TransactionalDdlSqliteDialect({ database: sqlite }) });
  dataVersionStatements.set(db, sqlite.prepare("pragma data_version").pluck());
  return db;
}

/** Per database: the prepared `pragma data_version`, read synchronously by dataVersionNow. */
const dataVersionStatements = new WeakMap<DB, SQLite.Statement>();

/**
 * SQLite runs schema changes inside transactions, but Kysely's SqliteAdapter says it cannot
 * (supportsTransactionalDdl = false), so its Migrator would run each migration bare and a
 * failure half-way would leave half a migration applied. This adapter says it can; the
 * Migrator then wraps what it runs in one transaction. (The flag is read only by the Migrator.)
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** Raised when a migration fails; the database is as it was before that migration. */
export class MigrationError extends Error {
  override name = "MigrationError";
  constructor(
    readonly migrationName: string,
    readonly applied: string[],
    options: { cause: unknown },
  ) {
    const reason = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super(
      `Migration ${migrationName} failed and was rolled back, so the database is as it was before it: ${reason}`,
      options,
    );
  }
}

/**
 * Applies pending migrations one at a time, each in its own transaction with its row in
 * kysely_migration: a failing migration changes nothing, and the ones before it stay applied.
 * Note for migration authors: `PRAGMA foreign_keys` cannot change inside a transaction; a
 * migration that rebuilds a table uses `PRAGMA defer_foreign_keys = ON` instead, and drops and
 * creates it again under the same name (see 0013_stripe): a rename would repoint other tables'
 * foreign keys, and the rows inserted again settle the deferred violations the drop counted.
 */
export async function migrateToLatest(db: DB, provider: MigrationProvider = migrationProvider): Promise<string[]> {
  if (!db.getExecutor().adapter.supportsTransactionalDdl) {
    throw new Error("migrateToLatest needs a database opened with openDatabase (transactional migrations)");
  }
  const migrator = new Migrator({ db, provider });
  const applied: string[] = [];
  for (;;) {
    const { error, results = [] } = await migrator.migrateUp();
    const failed = results.find((r) => r.status === "Error");
    if (error || failed) {
      // Without a failed result the error came before any migration ran (e.g. reading state).
      const name = failed?.migrationName ?? "(none: reading the migration state failed)";
      throw new MigrationError(name, applied, { cause: error });
    }
    const done = results.filter((r) => r.status === "Success").map((r) => r.migrationName);
    if (done.length === 0) return applied;
    applied.push(...done);
  }
}

/** Every migration this code knows, in order; /healthz compares them with the database's. */
export async function knownMigrations(provider: MigrationProvider = migrationProvider): Promise<string[]> {
  return Object.keys(await provider.getMigrations()).sort();
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
export function dataVersionNow(db: DB = getDb()): number {
  // A prepared statement run synchronously on the one connection Kysely uses: the page cache
  // asks on every hit, and a round through Kysely's async executor cost more than the answer.
  const statement = dataVersionStatements.get(db);
  if (!statement) throw new Error("dataVersionNow needs a database opened with openDatabase");
  return Number(statement.get() ?? 0);
}
