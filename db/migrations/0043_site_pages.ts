import type { Kysely } from "kysely";

// The charity's own pages (issue 52, docs/site-editor.md): every save of a page is a row here, a
// revision, with who saved it and when. A revision with `publish_at` is published: it is the
// page's live words from that instant (UTC) until a later published one takes over; a revision
// without is a draft. A publish time still to come is a scheduled publish. Which pages exist is
// the code's (app/publishing/schemas/site-pages.ts); a page without any revision shows the words
// it was seeded with, and its first save writes those words first as the revision "Original words".

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("site_page_revisions")
    .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
    .addColumn("page_key", "text", (col) => col.notNull())
    // JSON: { fields: { name: text }, lists: { name: [{ name: text }] } }.
    .addColumn("document", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    // The staff member's username and id (null for the seeded original words).
    .addColumn("created_by", "text", (col) => col.notNull())
    .addColumn("created_by_id", "integer")
    // draft | submitted (for review) | published | restored | original
    .addColumn("kind", "text", (col) => col.notNull())
    // When it goes (or went) public, UTC; null: a draft. Cleared when a later publish replaces a schedule.
    .addColumn("publish_at", "text")
    .addColumn("published_by", "text")
    // A word on the revision ("Restored from revision 12").
    .addColumn("note", "text")
    .execute();
  await db.schema
    .createIndex("site_page_revisions_page")
    .on("site_page_revisions")
    .columns(["page_key", "id"])
    .execute();
  await db.schema
    .createIndex("site_page_revisions_publish_at")
    .on("site_page_revisions")
    .columns(["publish_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("site_page_revisions").execute();
}
