import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import application code.
//
// Events, wave 5 (docs/events.md, docs/decisions/0042-event-tickets-asked-and-told.md):
// - `outbox.attachments`: a message's files, a JSON array of { filename, contentType, content }
//   (content as text), or null; the ticket e-mail carries the event's calendar file (.ics).
// - `event_waitlist.places`: how many places a person on the waiting list asks for (1 before).
// - outbox_acknowledgements (0036) also counts "event.waitlist", the waiting list's confirmation:
//   anyone may type anyone's address into that form, so it shares the public forms' hourly limit.
// Portable: Kysely's schema builder only.

/** The kinds of acknowledgements (app/mail/models/outbox.server.ts, ACKNOWLEDGEMENT_KINDS), before and after. */
const BEFORE = ["pledge.donor", "enquiry.ack", "newsletter.confirm", "volunteer.ack"];
const AFTER = [...BEFORE, "event.waitlist"];

async function acknowledgementIndex(db: Kysely<any>, kinds: string[]): Promise<void> {
  await db.schema.dropIndex("outbox_acknowledgements").execute();
  const list = sql.join(kinds.map((kind) => sql.lit(kind)));
  await sql`CREATE INDEX outbox_acknowledgements ON outbox (lower(to_address), created_at) WHERE kind IN (${list})`.execute(
    db,
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("outbox").addColumn("attachments", "text").execute();
  await db.schema
    .alterTable("event_waitlist")
    .addColumn("places", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await acknowledgementIndex(db, AFTER);
}

export async function down(db: Kysely<any>): Promise<void> {
  await acknowledgementIndex(db, BEFORE);
  await db.schema.alterTable("event_waitlist").dropColumn("places").execute();
  await db.schema.alterTable("outbox").dropColumn("attachments").execute();
}
