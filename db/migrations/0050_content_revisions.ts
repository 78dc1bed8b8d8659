import type { Kysely } from "kysely";

// Frozen in time: migrations never import application code.
//
// Projects and publications get the pages' editing cycle (issue 52, docs/decisions/0047): every
// save is a revision in `site_page_revisions` (0043), the one table of revisions of the site's
// content, under the key `project:<id>` or `publication:<id>` (a page keeps its own key). Their
// live words stay in their own rows (projects, publications), which the public pages, the menu,
// the sitemap and search read; Publish copies a revision into the row. A publish set for a later
// UK time is `apply_pending` 1 until the first read after its time copies it (on any instance:
// the copy clears the flag in the same transaction, so only one does it). Pages are chosen at
// read time and never set it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("site_page_revisions")
    .addColumn("apply_pending", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("site_page_revisions_apply_pending")
    .on("site_page_revisions")
    .columns(["apply_pending", "publish_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("site_page_revisions_apply_pending").execute();
  await db.schema.alterTable("site_page_revisions").dropColumn("apply_pending").execute();
}
