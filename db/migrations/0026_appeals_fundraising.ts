import type { Kysely } from "kysely";

// Appeals with goals, and supporters' own fundraising and tribute pages.
//
// - appeals: the charity's own campaigns (the winter appeal, the TV appeal): a story in Markdown,
//   a photo, a goal in pence and optionally in donors, start and end days, open or closed.
// - fundraising_pages: a supporter's Share My Day page (kind 'share-my-day', sponsored when it is
//   a sponsored event) or In Memoriam tribute ('memoriam'); public only once staff approve it.
// - pledges.appeal_id / pledges.fundraising_page_id: what a gift was given to (nullable, indexed),
//   so an appeal's or page's figures are one aggregate query over its pledges: no counter row
//   that every gift would update (a hot row on appeal night). A gift through a page keeps the
//   donor's message and whether to show their name and the amount; a tribute page's messages wait
//   for staff (message_approved_at).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("appeals")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("story", "text", (c) => c.notNull())
    .addColumn("image_upload", "text")
    .addColumn("image_widths", "text")
    .addColumn("image_alt", "text")
    .addColumn("goal_pence", "integer", (c) => c.notNull())
    .addColumn("goal_donors", "integer")
    .addColumn("starts_on", "text")
    .addColumn("ends_on", "text")
    .addColumn("is_open", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("fundraising_pages")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("owner_name", "text", (c) => c.notNull())
    .addColumn("owner_email", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("story", "text", (c) => c.notNull())
    .addColumn("target_pence", "integer", (c) => c.notNull())
    .addColumn("occasion", "text")
    .addColumn("in_memory_of", "text")
    .addColumn("sponsored", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("image_upload", "text")
    .addColumn("image_widths", "text")
    .addColumn("image_alt", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("staff_message", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("approved_at", "text")
    .execute();
  await db.schema.createIndex("fundraising_pages_status").on("fundraising_pages").column("status").execute();

  await db.schema
    .alterTable("pledges")
    .addColumn("appeal_id", "integer", (c) => c.references("appeals.id"))
    .execute();
  await db.schema
    .alterTable("pledges")
    .addColumn("fundraising_page_id", "integer", (c) => c.references("fundraising_pages.id"))
    .execute();
  await db.schema.alterTable("pledges").addColumn("supporter_message", "text").execute();
  await db.schema
    .alterTable("pledges")
    .addColumn("show_name", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("pledges")
    .addColumn("show_amount", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("pledges").addColumn("message_approved_at", "text").execute();
  // A claim line of a gift through a sponsored-event page: HMRC's "Sponsored event" column says Yes.
  await db.schema
    .alterTable("gift_aid_claim_items")
    .addColumn("sponsored", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("pledges_appeal_id").on("pledges").column("appeal_id").execute();
  await db.schema.createIndex("pledges_fundraising_page_id").on("pledges").column("fundraising_page_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("pledges_fundraising_page_id").execute();
  await db.schema.dropIndex("pledges_appeal_id").execute();
  await db.schema.alterTable("gift_aid_claim_items").dropColumn("sponsored").execute();
  for (const column of [
    "message_approved_at",
    "show_amount",
    "show_name",
    "supporter_message",
    "fundraising_page_id",
    "appeal_id",
  ]) {
    await db.schema.alterTable("pledges").dropColumn(column).execute();
  }
  await db.schema.dropTable("fundraising_pages").execute();
  await db.schema.dropTable("appeals").execute();
}
