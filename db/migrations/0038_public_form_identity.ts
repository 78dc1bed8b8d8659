import type { Kysely } from "kysely";

// Frozen in time: migrations never import application code.
//
// An e-mail address is not a person (issue 50, DESIGN §10). What a public form (donate, a
// fundraising page's gift, an event's donation) says about an address that already belongs to a
// supporter with gifts is kept beside the supporter, never applied to them:
// - gift_aid_declarations.own_gift_only: 1 for a declaration made that way; it covers only its own
//   pledge's gifts until the address's owner confirms it at Your giving or staff accept it
//   (confirmed_at, confirmed_by: "donor" or the staff username). 0 for every earlier row: they
//   keep the cover they had.
// - supporter_pending_details: a name (and, with a declaration, a home address) typed on such a
//   form that differs from what the supporter's record holds, for staff to merge into the record
//   or reject (resolved_at, resolved_by, resolution).
// Portable: Kysely's schema builder only.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("gift_aid_declarations")
    .addColumn("own_gift_only", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("gift_aid_declarations").addColumn("confirmed_at", "text").execute();
  await db.schema.alterTable("gift_aid_declarations").addColumn("confirmed_by", "text").execute();
  await db.schema
    .createTable("supporter_pending_details")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("supporter_id", "integer", (c) => c.notNull().references("supporters.id").onDelete("cascade"))
    .addColumn("pledge_id", "integer", (c) => c.references("pledges.id").onDelete("set null"))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("title", "text")
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("house_name_or_number", "text")
    .addColumn("address_line", "text")
    .addColumn("town", "text")
    .addColumn("postcode", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("resolved_at", "text")
    .addColumn("resolved_by", "text")
    .addColumn("resolution", "text")
    .execute();
  await db.schema
    .createIndex("supporter_pending_details_supporter")
    .on("supporter_pending_details")
    .columns(["supporter_id", "resolved_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("supporter_pending_details").execute();
  await db.schema.alterTable("gift_aid_declarations").dropColumn("confirmed_by").execute();
  await db.schema.alterTable("gift_aid_declarations").dropColumn("confirmed_at").execute();
  await db.schema.alterTable("gift_aid_declarations").dropColumn("own_gift_only").execute();
}
