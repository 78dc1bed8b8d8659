import { sql, type Kysely } from "kysely";

// E-mail: an outbox that every message is written to in the same transaction as the record
// that caused it (a sender delivers it afterwards), newsletter double opt-in with hashed
// single-use tokens, and the consent history of every subscriber.
//
// Erasure: a privacy erasure deletes newsletter_subscribers rows (and enquiries, unpaid
// pledges). Tokens, consent events and every outbox message about a deleted record go with it
// (ON DELETE CASCADE), so nothing left behind can mail or name an erased person.

export async function up(db: Kysely<any>): Promise<void> {
  // Rows from before double opt-in consented on the old single form: kept as confirmed.
  await db.schema
    .alterTable("newsletter_subscribers")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("confirmed")
        .check(sql`status in ('pending', 'confirmed', 'unsubscribed')`),
    )
    .execute();
  await db.schema.alterTable("newsletter_subscribers").addColumn("confirmed_at", "text").execute();
  await db.schema.alterTable("newsletter_subscribers").addColumn("unsubscribed_at", "text").execute();
  await db.schema
    .createIndex("newsletter_subscribers_status_consented_at")
    .on("newsletter_subscribers")
    .columns(["status", "consented_at"])
    .execute();
  await db.schema
    .createIndex("newsletter_subscribers_consented_at")
    .on("newsletter_subscribers")
    .columns(["consented_at", "id"])
    .execute();

  await db.schema
    .createTable("newsletter_tokens")
    /** SHA-256 (hex) of the token; the token itself is only ever in the message that carries it. */
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("subscriber_id", "integer", (c) =>
      c.notNull().references("newsletter_subscribers.id").onDelete("cascade"),
    )
    .addColumn("purpose", "text", (c) => c.notNull().check(sql`purpose in ('confirm', 'unsubscribe')`))
    .addColumn("created_at", "text", (c) => c.notNull())
    /** Confirmation links expire; unsubscribe links do not (an old newsletter must still work). */
    .addColumn("expires_at", "text")
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("newsletter_tokens_subscriber")
    .on("newsletter_tokens")
    .columns(["subscriber_id", "purpose", "created_at"])
    .execute();

  await db.schema
    .createTable("newsletter_consent_events")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("subscriber_id", "integer", (c) =>
      c.notNull().references("newsletter_subscribers.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('signed-up', 'confirmed', 'unsubscribed')`))
    /** The exact words the person was shown when they acted. */
    .addColumn("wording", "text", (c) => c.notNull())
    .addColumn("occurred_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("newsletter_consent_events_subscriber")
    .on("newsletter_consent_events")
    .columns(["subscriber_id", "id"])
    .execute();

  await db.schema
    .createTable("outbox")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    /** What the message is, e.g. 'newsletter.confirm', 'pledge.donor', 'pledge.staff', 'enquiry.staff', 'test'. */
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    /** Extra headers as a JSON object (List-Unsubscribe…), or null. */
    .addColumn("headers", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("queued")
        .check(sql`status in ('queued', 'sent', 'failed')`),
    )
    .addColumn("tries", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    /** While a sender holds the message: it is not claimed again before this time. */
    .addColumn("lease_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    // The record a message is about: deleting (erasing) it deletes the message too.
    .addColumn("subscriber_id", "integer", (c) => c.references("newsletter_subscribers.id").onDelete("cascade"))
    .addColumn("pledge_id", "integer", (c) => c.references("pledges.id").onDelete("cascade"))
    .addColumn("enquiry_id", "integer", (c) => c.references("contact_enquiries.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("outbox_created_at").on("outbox").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("outbox_subscriber").on("outbox").column("subscriber_id").execute();
  await db.schema.createIndex("outbox_pledge").on("outbox").column("pledge_id").execute();
  await db.schema.createIndex("outbox_enquiry").on("outbox").column("enquiry_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("outbox").execute();
  await db.schema.dropTable("newsletter_consent_events").execute();
  await db.schema.dropTable("newsletter_tokens").execute();
  await db.schema.dropIndex("newsletter_subscribers_consented_at").execute();
  await db.schema.dropIndex("newsletter_subscribers_status_consented_at").execute();
  await db.schema.alterTable("newsletter_subscribers").dropColumn("unsubscribed_at").execute();
  await db.schema.alterTable("newsletter_subscribers").dropColumn("confirmed_at").execute();
  await db.schema.alterTable("newsletter_subscribers").dropColumn("status").execute();
}
