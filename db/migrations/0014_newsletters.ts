import { sql, type Kysely } from "kysely";

// Newsletters: staff write one (or start from a published article), preview it, send a test,
// then send it (now or at a UK time) to every confirmed subscriber through the outbox.
//
// - `newsletters` keeps drafts and what was sent; a sent one has a public web version at
//   /newsletters/{slug}. `status` moves draft|scheduled -> sent exactly once (a conditional
//   update in the transaction that queues the messages), which is what makes sending idempotent.
// - `outbox.newsletter_id` names the newsletter a message belongs to; the unique index on
//   (newsletter_id, subscriber_id) is a second lock: one message per subscriber per newsletter.
// - `outbox.last_attempt_at` (set when a sender claims a message) is what MAIL_MAX_PER_MINUTE
//   counts, across every sender sharing the database.
// - Bounces: `bounce_streak` counts newsletters in a row refused for good (SMTP 5xx) and
//   `bouncing_since` is set at the second. The status column's CHECK (0007) cannot be widened
//   without rebuilding a table three others reference, so "bouncing" is this flag on a
//   confirmed subscriber; subscribing again (and confirming) clears it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("newsletters")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    /** Set when it is sent; the web version's address. */
    .addColumn("slug", "text", (c) => c.unique())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("preheader", "text")
    /** Markdown, as news. */
    .addColumn("body", "text", (c) => c.notNull())
    /** An uploaded news photo (its folder under UPLOADS_DIR), its widths and description. */
    .addColumn("image_upload", "text")
    .addColumn("image_widths", "text")
    .addColumn("image_alt", "text")
    /** The article it was started from, if any. */
    .addColumn("article_id", "integer", (c) => c.references("news.id").onDelete("set null"))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("draft")
        .check(sql`status in ('draft', 'scheduled', 'sent')`),
    )
    /** When a scheduled newsletter goes out (ISO-8601 UTC). */
    .addColumn("scheduled_at", "text")
    /** When its messages were queued. */
    .addColumn("sent_at", "text")
    /** How many confirmed subscribers it was queued for. */
    .addColumn("recipient_count", "integer")
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("newsletters_status_scheduled")
    .on("newsletters")
    .columns(["status", "scheduled_at"])
    .execute();
  await db.schema.createIndex("newsletters_sent_at").on("newsletters").columns(["sent_at", "id"]).execute();

  await db.schema
    .alterTable("outbox")
    .addColumn("newsletter_id", "integer", (c) => c.references("newsletters.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("outbox").addColumn("last_attempt_at", "text").execute();
  await db.schema
    .createIndex("outbox_newsletter_subscriber")
    .on("outbox")
    .columns(["newsletter_id", "subscriber_id"])
    .unique()
    .execute();
  await db.schema.createIndex("outbox_last_attempt_at").on("outbox").column("last_attempt_at").execute();

  await db.schema
    .alterTable("newsletter_subscribers")
    .addColumn("bounce_streak", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("newsletter_subscribers").addColumn("last_bounce_newsletter_id", "integer").execute();
  await db.schema.alterTable("newsletter_subscribers").addColumn("bouncing_since", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("newsletter_subscribers").dropColumn("bouncing_since").execute();
  await db.schema.alterTable("newsletter_subscribers").dropColumn("last_bounce_newsletter_id").execute();
  await db.schema.alterTable("newsletter_subscribers").dropColumn("bounce_streak").execute();
  await db.schema.dropIndex("outbox_last_attempt_at").execute();
  await db.schema.dropIndex("outbox_newsletter_subscriber").execute();
  await db.schema.alterTable("outbox").dropColumn("last_attempt_at").execute();
  await db.schema.alterTable("outbox").dropColumn("newsletter_id").execute();
  await db.schema.dropTable("newsletters").execute();
}
