import { sql, type Kysely } from "kysely";

// News as a newsroom publishes it: drafts and scheduled articles, uploaded photos with alt
// text. Articles that exist already were public, so they become published at the time they
// were created.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("news")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("published")
        .check(sql`status in ('draft', 'published')`),
    )
    .execute();
  // ISO-8601 UTC like every timestamp; a draft keeps the time it is meant to go out (or when
  // it was last saved), so the column is never empty and orders like the others.
  await db.schema
    .alterTable("news")
    .addColumn("publish_at", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db
    .updateTable("news")
    .set({ publish_at: sql`created_at` })
    .execute();
  // The folder name of an uploaded photo under UPLOADS_DIR, and the widths stored there ("480,960").
  await db.schema.alterTable("news").addColumn("image_upload", "text").execute();
  await db.schema.alterTable("news").addColumn("image_widths", "text").execute();
  await db.schema.alterTable("news").addColumn("image_alt", "text").execute();
  // Public lists: published, due, newest first; a range scan whatever the number of articles.
  await db.schema
    .createIndex("news_status_publish_at")
    .on("news")
    .columns(["status", "publish_at desc", "id desc"])
    .execute();
  await db.schema.createIndex("news_publish_at").on("news").columns(["publish_at desc", "id desc"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("news_publish_at").execute();
  await db.schema.dropIndex("news_status_publish_at").execute();
  for (const column of ["image_alt", "image_widths", "image_upload", "publish_at", "status"]) {
    await db.schema.alterTable("news").dropColumn(column).execute();
  }
}
