import type { Kysely } from "kysely";

// The charity's own details (names, numbers, contacts, bank account, office hours, social
// links), set by admins in the staff area's Settings: one row per setting that was saved. A
// setting without a row has its default (the placeholders of app/content/site.ts).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("charity_settings")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("updated_by", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("charity_settings").execute();
}
