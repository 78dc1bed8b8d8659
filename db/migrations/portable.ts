import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

// The few places where a migration must say something differently on PostgreSQL. Migrations are
// written once with Kysely's schema builder; integer primary keys with autoIncrement() become
// identity columns on PostgreSQL (app/infra/db.server.ts compiles them so).

/** PostgreSQL or not, decided without a query (a failing one would abort a PostgreSQL transaction). */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * A text column compared without regard to letter case: SQLite's `text collate nocase`, and on
 * PostgreSQL the `citext` type (a trusted contrib extension, created by 0001), so that
 * `where email = ?` and unique constraints ignore case on both engines.
 */
export function caseInsensitiveText(db: Kysely<any>) {
  const postgres = isPostgres(db);
  return {
    type: postgres ? sql`citext` : ("text" as const),
    modify: (column: ColumnDefinitionBuilder) => (postgres ? column : column.modifyEnd(sql`collate nocase`)),
  };
}

/** A column of bytes: SQLite's `blob`, PostgreSQL's `bytea`. */
export function binaryType(db: Kysely<any>) {
  return isPostgres(db) ? sql`bytea` : ("blob" as const);
}

/**
 * SQLite only: rebuilds `table` from its own stored definition with `rewrite` applied to it (a
 * constraint SQLite cannot change in place), keeping its rows, ids, sequence and indexes. Other
 * tables' foreign keys to it are deferred: the drop counts their rows as violations, and the rows
 * inserted again under the same name and ids settle them before the commit (a rename would not:
 * SQLite would point them at the old name).
 */
export async function rebuildSqliteTable(db: Kysely<any>, table: string, rewrite: (create: string) => string) {
  const { rows } = await sql<{
    type: string;
    sql: string | null;
  }>`select type, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(db);
  const definition = rows.find((row) => row.type === "table")?.sql;
  if (!definition) throw new Error(`${table} table not found`);
  const create = rewrite(definition);
  const { rows: sequence } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(
    db,
  );
  const copy = sql.table(`${table}_rebuild`);
  await sql`pragma defer_foreign_keys = on`.execute(db);
  await sql`create temporary table ${copy} as select * from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql.raw(create).execute(db);
  await sql`insert into ${sql.table(table)} select * from ${copy}`.execute(db);
  await sql`drop table ${copy}`.execute(db);
  if (sequence.length) await sql`update sqlite_sequence set seq = ${sequence[0].seq} where name = ${table}`.execute(db);
  for (const index of rows.filter((row) => row.type === "index")) await sql.raw(index.sql!).execute(db);
}
