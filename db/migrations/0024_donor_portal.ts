import type { Kysely } from "kysely";

// Your giving (/giving): donors look after their own gifts through a link in their inbox.
// - donor_links: the single-use sign-in links e-mailed to a donor, kept as the SHA-256 of their
//   token until used or expired (1 hour), like a password reset;
// - donor_sessions: a donor's own session (apart from staff sessions), its id the SHA-256 of the
//   cookie's token, ending after 30 minutes idle;
// - gift_aid_declarations.cancelled_by: who cancelled a declaration ("staff" or "donor"), so
//   staff see which ones the donor cancelled themselves (null: cancelled by staff, before).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("donor_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("supporter_id", "integer", (c) => c.notNull().references("supporters.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("donor_links_supporter_id").on("donor_links").column("supporter_id").execute();
  await db.schema
    .createTable("donor_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("supporter_id", "integer", (c) => c.notNull().references("supporters.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("donor_sessions_supporter_id").on("donor_sessions").column("supporter_id").execute();
  await db.schema.alterTable("gift_aid_declarations").addColumn("cancelled_by", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("gift_aid_declarations").dropColumn("cancelled_by").execute();
  await db.schema.dropTable("donor_sessions").execute();
  await db.schema.dropTable("donor_links").execute();
}
