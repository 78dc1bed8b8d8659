import { sql, type Kysely } from "kysely";

// Two things of wave 5, one migration number:
//
// - hmrc_submissions.gateway_test: a submission sent with GatewayTest 1 (HMRC_GATEWAY_TEST=1) is a
//   test: HMRC's service checks it and claims nothing. It is marked as such for good (the setting
//   may change later), so it is labelled a test everywhere and never locks its batch. A test HMRC
//   found no fault with ends in the state "tested" (not "accepted"), which the
//   one-live-submission-per-batch index leaves out, so the batch can still be sent for real.
// - outbox.priority: the mail queue's lanes, taken in this order: 0 for time-limited links
//   (sign-in, password reset, invitation, e-mail confirmation), 1 for other one-to-one mail, 2 for
//   newsletter issues. Mail already queued is put in its lane by its kind.
// - outbox_acknowledgements: a public form's acknowledgements to one address are counted (at most
//   a few an hour, all forms together): a partial index on the lower-cased address and time of
//   those kinds only, so the count reads a handful of index entries and other mail pays nothing.

/** The kinds of acknowledgements (app/mail/models/outbox.server.ts, ACKNOWLEDGEMENT_KINDS). */
const ACKNOWLEDGEMENT_KINDS = ["pledge.donor", "enquiry.ack", "newsletter.confirm", "volunteer.ack"];

/** The kinds of time-limited links when this migration was written (app/mail/models/outbox.server.ts). */
const LINK_KINDS = [
  "donor-giving-link",
  "staff-password-reset",
  "staff-invitation",
  "staff-email-change",
  "newsletter.confirm",
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("hmrc_submissions")
    .addColumn("gateway_test", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("outbox")
    .addColumn("priority", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.updateTable("outbox").set({ priority: 2 }).where("newsletter_id", "is not", null).execute();
  await db.updateTable("outbox").set({ priority: 0 }).where("kind", "in", LINK_KINDS).execute();
  const kinds = sql.join(ACKNOWLEDGEMENT_KINDS.map((kind) => sql.lit(kind)));
  await sql`CREATE INDEX outbox_acknowledgements ON outbox (lower(to_address), created_at) WHERE kind IN (${kinds})`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("outbox_acknowledgements").execute();
  await db.schema.alterTable("outbox").dropColumn("priority").execute();
  await db.schema.alterTable("hmrc_submissions").dropColumn("gateway_test").execute();
}
