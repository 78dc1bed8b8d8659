import type { Kysely } from "kysely";

// Posts to the public forms, per client, for the per-minute and per-hour limits. The client
// is stored as a keyed hash, never as an address, and rows older than an hour are deleted.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("form_posts")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("client", "text", (c) => c.notNull())
    .addColumn("posted_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("form_posts_client_posted_at")
    .on("form_posts")
    .columns(["client", "posted_at"])
    .execute();
  await db.schema.createIndex("form_posts_posted_at").on("form_posts").column("posted_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("form_posts").execute();
}
