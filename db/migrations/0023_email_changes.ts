import type { Kysely } from "kysely";

// A person changing their own e-mail address (Your account): the new address is confirmed by a
// single-use link sent to it, kept here as the SHA-256 of its token until used or expired, like
// a password reset. One pending change per person: asking again replaces it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("email_changes")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("new_email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("email_changes_user_id").on("email_changes").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("email_changes").execute();
}
