import type { DB } from "~/infra/db.server";

// Kysely's own bookkeeping table, not part of the app's schema types.
type MigrationTables = {
  kysely_migration: { name: string; timestamp: string };
};

/** Names of the migrations applied to the database, in order. Throws when it cannot be read. */
export async function appliedMigrations(db: DB): Promise<string[]> {
  const rows = await db
    .withTables<MigrationTables>()
    .selectFrom("kysely_migration")
    .select("name")
    .orderBy("name")
    .execute();
  return rows.map((row) => row.name);
}
