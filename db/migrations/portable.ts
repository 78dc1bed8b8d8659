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
