// The move from SQLite to PostgreSQL (`npm run db:copy`, scripts/db-copy.ts): every table of a
// SQLite database, found from sqlite_master (so tables added by later migrations are copied with
// no change here), into a PostgreSQL database migrated to the same schema, in foreign-key order,
// in one transaction, ids kept and identity sequences moved past them; the uploads folder's
// photos into upload_files (PostgreSQL keeps them in the database); then row counts and money
// totals compared on both sides. Any difference rolls the whole copy back.
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import { databaseEngine, knownMigrations, migrateToLatest, openDatabase, type DB } from "../../app/infra/db.server";
import { uploadContentType } from "../../app/infra/images.server";
import { folderUploadStore, databaseUploadStore } from "../../app/infra/upload-store.server";
import { rebuildSearchIndex } from "../../app/publishing/services/search.server";

/** PostgreSQL's limit on parameters in one statement is 65,535; stay well under it. */
export const MAX_PARAMETERS = 60_000;
/** Rows of big values (photos) are sent in statements of about this many bytes at most. */
export const MAX_BATCH_BYTES = 8 * 1024 * 1024;

/** Raised for a copy that must not (or did not) go through; its message is for the operator. */
export class CopyError extends Error {
  override name = "CopyError";
}

export interface TableCheck {
  table: string;
  sourceRows: number;
  targetRows: number;
  /** Sum of every `*_pence` column, by column name, on each side. */
  sourcePence: Record<string, number>;
  targetPence: Record<string, number>;
  /** Rows the copy added that the SQLite table did not hold (photos from the uploads folder). */
  extraRows: number;
}

export interface CopyResult {
  tables: TableCheck[];
  photos: { uploads: number; files: number };
  /** Tables whose counts or totals differ (empty when the copy is good). */
  differences: string[];
}

/** Tables migrations own (kysely_migration, kysely_migration_lock) or SQLite keeps for itself. */
const isInternalTable = (name: string) =>
  name.startsWith("sqlite_") ||
  name.startsWith("kysely_migration") ||
  // Site search's index is each engine's own (FTS5 here, tsvector there): rebuilt after the copy.
  name.startsWith("search_");

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The SQLite database's own tables, with the tables each one's foreign keys point at. */
export function sqliteTables(sqlite: SQLite.Database): Map<string, Set<string>> {
  const names = (
    sqlite.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[]
  )
    .map((row) => row.name)
    .filter((name) => !isInternalTable(name));
  const tables = new Map<string, Set<string>>();
  for (const name of names) {
    const keys = sqlite.prepare(`pragma foreign_key_list(${quote(name)})`).all() as { table: string }[];
    tables.set(name, new Set(keys.map((key) => key.table)));
  }
  return tables;
}

/**
 * The tables in an order where each comes after every table its foreign keys point at (a table
 * pointing at itself is fine: its rows are copied in rowid order). A cycle between tables cannot
 * be copied with plain inserts and is refused by name.
 */
export function foreignKeyOrder(tables: Map<string, Set<string>>): string[] {
  const order: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string, trail: string[]) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") {
      throw new CopyError(`foreign keys form a cycle (${[...trail, name].join(" -> ")}); db:copy cannot order it`);
    }
    state.set(name, "visiting");
    for (const parent of [...(tables.get(name) ?? [])].sort()) {
      if (parent !== name && tables.has(parent)) visit(parent, [...trail, name]);
    }
    state.set(name, "done");
    order.push(name);
  };
  for (const name of [...tables.keys()].sort()) visit(name, []);
  return order;
}

/** How many rows of `columns` columns one INSERT may carry under PostgreSQL's parameter limit. */
export function rowsPerStatement(columns: number, maxParameters = MAX_PARAMETERS): number {
  return Math.max(1, Math.floor(maxParameters / Math.max(1, columns)));
}

const sizeOf = (value: unknown): number =>
  Buffer.isBuffer(value) || value instanceof Uint8Array
    ? value.byteLength
    : typeof value === "string"
      ? value.length
      : 8;

/** Cuts a stream of rows into batches under both the parameter limit and MAX_BATCH_BYTES. */
export function* batches<T extends Record<string, unknown>>(
  rows: Iterable<T>,
  columns: number,
  { maxParameters = MAX_PARAMETERS, maxBytes = MAX_BATCH_BYTES } = {},
): Generator<T[]> {
  const maxRows = rowsPerStatement(columns, maxParameters);
  let batch: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = Object.values(row).reduce<number>((sum, value) => sum + sizeOf(value), 0);
    if (batch.length > 0 && (batch.length >= maxRows || bytes + size > maxBytes)) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(row);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}

/** Every difference between the two sides' counts and pence totals, as lines for a person. */
export function compareChecks(checks: TableCheck[]): string[] {
  const differences: string[] = [];
  for (const check of checks) {
    if (check.sourceRows + check.extraRows !== check.targetRows) {
      const expected = check.sourceRows + check.extraRows;
      differences.push(`${check.table}: ${expected} rows expected, ${check.targetRows} in PostgreSQL`);
    }
    for (const column of Object.keys(check.sourcePence)) {
      if (check.sourcePence[column] !== check.targetPence[column]) {
        differences.push(
          `${check.table}.${column}: total ${check.sourcePence[column]} in SQLite, ${check.targetPence[column]} in PostgreSQL`,
        );
      }
    }
  }
  return differences;
}

/** The check as a table for the terminal: rows and money totals, SQLite beside PostgreSQL. */
export function formatChecks(checks: TableCheck[]): string {
  const rows: string[][] = [
    ["table", "rows (SQLite)", "rows (PostgreSQL)", "pence column", "total (SQLite)", "total (PostgreSQL)", ""],
  ];
  for (const check of checks) {
    const countOk = check.sourceRows + check.extraRows === check.targetRows;
    const sourceRows = check.extraRows
      ? `${check.sourceRows} + ${check.extraRows} photo files`
      : String(check.sourceRows);
    const columns = Object.keys(check.sourcePence);
    if (columns.length === 0) {
      rows.push([check.table, sourceRows, String(check.targetRows), "", "", "", countOk ? "ok" : "DIFFERENT"]);
    }
    columns.forEach((column, index) => {
      const same = countOk && check.sourcePence[column] === check.targetPence[column];
      rows.push([
        index === 0 ? check.table : "",
        index === 0 ? sourceRows : "",
        index === 0 ? String(check.targetRows) : "",
        column,
        String(check.sourcePence[column]),
        String(check.targetPence[column]),
        same ? "ok" : "DIFFERENT",
      ]);
    });
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/**
 * Rows each table holds in a freshly migrated database (a migration may seed one, such as the
 * public change counter): a target holding no more than these holds no data yet. Found by
 * migrating an in-memory SQLite database, so it follows the migrations with no list kept here.
 */
async function migrationSeedCounts(): Promise<Map<string, number>> {
  const scratch = openDatabase(":memory:");
  try {
    await migrateToLatest(scratch);
    const tables = await scratch.introspection.getTables();
    const counts = new Map<string, number>();
    for (const table of tables) {
      if (isInternalTable(table.name)) continue;
      counts.set(table.name, await countRows(scratch, table.name));
    }
    return counts;
  } finally {
    await scratch.destroy();
  }
}

async function countRows(db: DB, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

async function penceTotals(db: DB, table: string, columns: string[]): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const column of columns) {
    const { rows } = await sql<{
      total: number | string | null;
    }>`select coalesce(sum(${sql.ref(column)}), 0) as total from ${sql.table(table)}`.execute(db);
    totals[column] = Number(rows[0]?.total ?? 0);
  }
  return totals;
}

function sqliteCount(sqlite: SQLite.Database, table: string): number {
  return Number(
    sqlite
      .prepare(`select count(*) from ${quote(table)}`)
      .pluck()
      .get(),
  );
}

function sqlitePenceTotals(sqlite: SQLite.Database, table: string, columns: string[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const column of columns) {
    totals[column] = Number(
      sqlite
        .prepare(`select coalesce(sum(${quote(column)}), 0) from ${quote(table)}`)
        .pluck()
        .get(),
    );
  }
  return totals;
}

/** Refuses a target that holds data: a copy goes into an empty (or freshly migrated) database only. */
async function assertEmptyTarget(target: DB, seeded: Map<string, number>): Promise<void> {
  const tables = await target.introspection.getTables();
  const holding: string[] = [];
  for (const table of tables) {
    if (isInternalTable(table.name)) continue;
    const rows = await countRows(target, table.name);
    if (rows > (seeded.get(table.name) ?? 0)) holding.push(`${table.name} (${rows} rows)`);
  }
  if (holding.length > 0) {
    throw new CopyError(
      `the target database already holds data: ${holding.slice(0, 8).join(", ")}${holding.length > 8 ? ", …" : ""}. ` +
        "db:copy only copies into a new, empty database (create one, e.g. `createdb charity`, and do not start the app on it first).",
    );
  }
}

/** Refuses a SQLite database whose schema is not the one this code's migrations make. */
async function assertSourceCurrent(sqlite: SQLite.Database): Promise<void> {
  const known = await knownMigrations();
  let applied: string[] = [];
  try {
    applied = (sqlite.prepare("select name from kysely_migration order by name").all() as { name: string }[]).map(
      (row) => row.name,
    );
  } catch {
    throw new CopyError("the SQLite database has no kysely_migration table: is it this app's database?");
  }
  const missing = known.filter((name) => !applied.includes(name));
  const unknown = applied.filter((name) => !known.includes(name));
  if (missing.length > 0) {
    throw new CopyError(
      `the SQLite database lacks migrations ${missing.join(", ")}; run \`npm run db:setup\` on it (with its DATABASE_URL) first`,
    );
  }
  if (unknown.length > 0) {
    throw new CopyError(
      `the SQLite database has migrations this code does not know (${unknown.join(", ")}); update the code first`,
    );
  }
}

export interface CopyOptions {
  /** The SQLite file (a path, or `file:path`). */
  from: string;
  /** The PostgreSQL URL (postgres:// or postgresql://). */
  to: string;
  /** The SQLite installation's uploads folder (default: `uploads` beside the database file). */
  uploadsDir?: string;
  log?: (line: string) => void;
}

/**
 * Copies the SQLite database `from` (and its uploads folder's photos) into the PostgreSQL
 * database `to`. Throws CopyError, having changed nothing in the target's data, when the target
 * holds data, the schemas differ, or the counts or totals do not match at the end.
 */
export async function copySqliteToPostgres(options: CopyOptions): Promise<CopyResult> {
  const log = options.log ?? (() => undefined);
  const file = options.from.startsWith("file:") ? options.from.slice("file:".length) : options.from;
  if (/^postgres(ql)?:\/\//.test(options.from)) throw new CopyError("--from must be a SQLite file (file:path)");
  if (!/^postgres(ql)?:\/\//.test(options.to)) throw new CopyError("--to must be a postgres:// or postgresql:// URL");
  const uploadsDir = path.resolve(options.uploadsDir ?? path.join(path.dirname(path.resolve(file)), "uploads"));

  let sqlite: SQLite.Database;
  try {
    // Read only: the copy never changes the SQLite database.
    sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new CopyError(`cannot open the SQLite database ${file}: ${error instanceof Error ? error.message : error}`);
  }
  const target = openDatabase(options.to);
  try {
    if (databaseEngine(target) !== "postgres") throw new CopyError("--to must be a PostgreSQL database");
    await assertSourceCurrent(sqlite);
    const seeded = await migrationSeedCounts();
    await assertEmptyTarget(target, seeded);
    const applied = await migrateToLatest(target);
    if (applied.length > 0) log(`Migrated the target: ${applied.length} migrations applied.`);

    const tables = sqliteTables(sqlite);
    const order = foreignKeyOrder(tables);
    const targetTables = new Set((await target.introspection.getTables()).map((table) => table.name));
    const missing = order.filter((name) => !targetTables.has(name));
    if (missing.length > 0) throw new CopyError(`the target lacks tables ${missing.join(", ")} after migrating`);

    const result = await target.transaction().execute(async (trx) => {
      // Rows the migrations seeded (the source holds its own copy of them) go first, children first.
      for (const table of [...order].reverse()) {
        if ((seeded.get(table) ?? 0) > 0) await sql`delete from ${sql.table(table)}`.execute(trx);
      }
      // Tables are found at run time, so their rows are typed loosely here.
      const any = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
      for (const table of order) {
        const columns = (sqlite.prepare(`pragma table_info(${quote(table)})`).all() as { name: string }[]).map(
          (column) => column.name,
        );
        const rows = sqlite.prepare(`select * from ${quote(table)}`).iterate() as Iterable<Record<string, unknown>>;
        let copied = 0;
        for (const batch of batches(rows, columns.length)) {
          await any.insertInto(table).values(batch).execute();
          copied += batch.length;
        }
        log(`Copied ${table}: ${copied} rows`);
      }

      // Identity columns keep counting after the highest copied id.
      const identities = await sql<{ table_name: string; column_name: string }>`
        select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and is_identity = 'YES' order by table_name`.execute(trx);
      for (const { table_name: table, column_name: column } of identities.rows) {
        await sql`select setval(pg_get_serial_sequence(${quote(table)}, ${column}), coalesce(max(${sql.ref(column)}), 0) + 1, false) from ${sql.table(table)}`.execute(
          trx,
        );
      }

      // Photos: a folder on SQLite, the upload_files table on PostgreSQL.
      const folder = folderUploadStore(uploadsDir);
      const photos = { uploads: 0, files: 0 };
      for (const key of await folder.keys()) {
        const names = await folder.files(key);
        const files = [];
        for (const name of names) {
          const body = await folder.read(key, name);
          if (!body) continue;
          files.push({ name, contentType: uploadContentType(name) ?? "application/octet-stream", body });
        }
        const store = databaseUploadStore(trx);
        await store.save(key, files);
        const stored = await store.files(key);
        if (stored.length !== files.length)
          throw new CopyError(`photo ${key}: ${stored.length} of ${files.length} files stored`);
        photos.uploads += 1;
        photos.files += files.length;
      }
      if (photos.uploads > 0) log(`Copied ${photos.uploads} photos (${photos.files} files) from ${uploadsDir}`);

      const checks: TableCheck[] = [];
      for (const table of order) {
        const penceColumns = (sqlite.prepare(`pragma table_info(${quote(table)})`).all() as { name: string }[])
          .map((column) => column.name)
          .filter((name) => name.endsWith("_pence"));
        checks.push({
          table,
          sourceRows: sqliteCount(sqlite, table),
          targetRows: await countRows(trx, table),
          sourcePence: sqlitePenceTotals(sqlite, table, penceColumns),
          targetPence: await penceTotals(trx, table, penceColumns),
          extraRows: table === "upload_files" ? photos.files : 0,
        });
      }
      const differences = compareChecks(checks);
      if (differences.length > 0) {
        throw new CopyCheckFailed(checks, differences);
      }
      return { tables: checks, photos, differences };
    });
    // Site search's index is not copied (each engine has its own): it is made from what was copied.
    await rebuildSearchIndex(target);
    return result;
  } finally {
    sqlite.close();
    await target.destroy();
  }
}

/** The end-of-copy check found differences; the copy was rolled back. */
export class CopyCheckFailed extends CopyError {
  constructor(
    readonly checks: TableCheck[],
    readonly differences: string[],
  ) {
    super(`the copy was rolled back: counts or totals differ:\n  ${differences.join("\n  ")}`);
  }
}
