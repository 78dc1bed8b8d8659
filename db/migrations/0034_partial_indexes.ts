import type { Kysely } from "kysely";

// Every pledge a donor makes writes one entry into each index of `pledges` and of `outbox`, and
// each entry dirties a page that the commit writes to the WAL: on appeal night that is most of
// what a pledge costs the database (docs/performance.md). Several of those indexes serve lookups
// of a column most rows leave empty (a bank pledge has no Stripe ids and often no appeal; a
// donor's e-mail has no enquiry, newsletter or volunteer application, and no attempt until the
// sender takes it). They now hold only the rows that have a value: every query that uses them
// asks for a value (`column = ?`), which both engines read from such a partial index.
// And `pledges_email` goes: no query looks a pledge up by its e-mail as typed; the staff search
// and privacy requests ask for lower(email), which `pledges_lower_email_privacy` holds.

const PARTIAL: { name: string; table: string; columns: string[]; unique?: boolean }[] = [
  { name: "pledges_stripe_subscription", table: "pledges", columns: ["stripe_subscription"], unique: true },
  { name: "pledges_stripe_customer", table: "pledges", columns: ["stripe_customer"] },
  { name: "pledges_appeal_id", table: "pledges", columns: ["appeal_id"] },
  { name: "pledges_fundraising_page_id", table: "pledges", columns: ["fundraising_page_id"] },
  { name: "outbox_subscriber", table: "outbox", columns: ["subscriber_id"] },
  { name: "outbox_pledge", table: "outbox", columns: ["pledge_id"] },
  { name: "outbox_enquiry", table: "outbox", columns: ["enquiry_id"] },
  { name: "outbox_newsletter_subscriber", table: "outbox", columns: ["newsletter_id", "subscriber_id"], unique: true },
  { name: "outbox_volunteer_application", table: "outbox", columns: ["volunteer_application_id"] },
  { name: "outbox_last_attempt_at", table: "outbox", columns: ["last_attempt_at"] },
];

async function create(db: Kysely<any>, index: (typeof PARTIAL)[number], partial: boolean): Promise<void> {
  let builder = db.schema.createIndex(index.name).on(index.table).columns(index.columns);
  if (index.unique) builder = builder.unique();
  if (partial) builder = builder.where(index.columns[0], "is not", null);
  await builder.execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("pledges_email").execute();
  for (const index of PARTIAL) {
    await db.schema.dropIndex(index.name).execute();
    await create(db, index, true);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of PARTIAL) {
    await db.schema.dropIndex(index.name).execute();
    await create(db, index, false);
  }
  await db.schema.createIndex("pledges_email").on("pledges").column("email").execute();
}
