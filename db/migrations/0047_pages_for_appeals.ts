import { sql, type Kysely } from "kysely";
import { isPostgres, rebuildSqliteTable } from "./portable";

// Supporters' pages for an appeal, owners' edits that wait for review, and hidden tribute messages
// (issue 55; docs/decisions/0030-appeal-figures-from-the-pledges.md):
// - fundraising_pages.appeal_id: the appeal a page raises money for (nullable, indexed); the
//   appeal's figures add its pages' pledges (each pledge once).
// - fundraising_pages.pending_*: an owner's edit of a live page (title, story, photo) waiting for
//   staff; the page stays public with its approved words until staff approve the edit.
//   pending_at is set while an edit waits (the pending_* columns are then the whole new version).
// - fundraising_pages.target_pence may be null: an In Memoriam page need not have a target.
//   SQLite cannot drop a NOT NULL in place, so the table is rebuilt from its own definition
//   (as 0030 does); PostgreSQL drops it in place.
// - pledges.message_hidden_at: staff hid a donor's message on a page (it is kept, not shown).

const TARGET_NOT_NULL = /"target_pence"\s+integer\s+not\s+null/i;
const PENDING = ["pending_title", "pending_story", "pending_image_upload", "pending_image_widths", "pending_image_alt"];

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table fundraising_pages alter column target_pence drop not null`.execute(db);
  } else {
    await rebuildSqliteTable(db, "fundraising_pages", (create) => {
      if (!TARGET_NOT_NULL.test(create)) throw new Error("fundraising_pages: target_pence is not NOT NULL as expected");
      return create.replace(TARGET_NOT_NULL, '"target_pence" integer');
    });
  }
  await db.schema
    .alterTable("fundraising_pages")
    .addColumn("appeal_id", "integer", (c) => c.references("appeals.id"))
    .execute();
  for (const column of PENDING) {
    await db.schema.alterTable("fundraising_pages").addColumn(column, "text").execute();
  }
  await db.schema.alterTable("fundraising_pages").addColumn("pending_at", "text").execute();
  await db.schema.createIndex("fundraising_pages_appeal_id").on("fundraising_pages").column("appeal_id").execute();
  await db.schema.alterTable("pledges").addColumn("message_hidden_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("pledges").dropColumn("message_hidden_at").execute();
  await db.schema.dropIndex("fundraising_pages_appeal_id").execute();
  for (const column of ["pending_at", ...PENDING, "appeal_id"]) {
    await db.schema.alterTable("fundraising_pages").dropColumn(column).execute();
  }
}
