import { sql, type Kysely } from "kysely";

// The staff back office: pledge and enquiry statuses, payments received against pledges,
// and an audit trail of staff changes. Money is integer pence; dates are ISO-8601 UTC text
// (payment dates are calendar days, YYYY-MM-DD).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("pledges").addColumn("cancelled_at", "text").execute();
  await db.schema.alterTable("pledges").addColumn("cancel_reason", "text").execute();
  await db.schema.createIndex("pledges_created_at").on("pledges").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("pledges_email").on("pledges").column("email").execute();

  await db.schema
    .alterTable("contact_enquiries")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("new")
        .check(sql`status in ('new', 'handled')`),
    )
    .execute();
  await db.schema.alterTable("contact_enquiries").addColumn("handled_at", "text").execute();
  await db.schema
    .createIndex("contact_enquiries_status_created_at")
    .on("contact_enquiries")
    .columns(["status", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("contact_enquiries_created_at")
    .on("contact_enquiries")
    .columns(["created_at", "id"])
    .execute();
  await db.schema.createIndex("contact_enquiries_email").on("contact_enquiries").column("email").execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("pledge_id", "integer", (c) => c.notNull().references("pledges.id").onDelete("restrict"))
    /** The day the money arrived (YYYY-MM-DD), as the bank statement says. */
    .addColumn("received_on", "text", (c) => c.notNull())
    .addColumn("amount_pence", "integer", (c) => c.notNull().check(sql`amount_pence > 0`))
    /** How it was matched: typed in by staff, or confirmed from a bank statement import. */
    .addColumn("method", "text", (c) => c.notNull().check(sql`method in ('manual', 'bank-import')`))
    /** For imported lines: a fingerprint of the statement line, so a line is never recorded twice. */
    .addColumn("bank_line", "text", (c) => c.unique())
    .addColumn("note", "text")
    .addColumn("recorded_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payments_pledge_id").on("payments").column("pledge_id").execute();
  await db.schema.createIndex("payments_received_on").on("payments").column("received_on").execute();

  await db.schema
    .createTable("audit_events")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    /** What kind of record: 'pledge', 'payment', 'enquiry', 'subscriber', 'declaration', 'claim', 'privacy'. */
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "integer")
    /** A short verb, e.g. 'payment.recorded', 'pledge.cancelled', 'enquiry.handled'. */
    .addColumn("action", "text", (c) => c.notNull())
    /** A few words for people (never the erased data itself). */
    .addColumn("detail", "text")
    /** The staff username (kept as text: the audit trail outlives user rows). */
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("audit_events_entity")
    .on("audit_events")
    .columns(["entity", "entity_id", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_events").execute();
  await db.schema.dropTable("payments").execute();
  await db.schema.dropIndex("contact_enquiries_email").execute();
  await db.schema.dropIndex("contact_enquiries_created_at").execute();
  await db.schema.dropIndex("contact_enquiries_status_created_at").execute();
  await db.schema.alterTable("contact_enquiries").dropColumn("handled_at").execute();
  await db.schema.alterTable("contact_enquiries").dropColumn("status").execute();
  await db.schema.dropIndex("pledges_email").execute();
  await db.schema.dropIndex("pledges_created_at").execute();
  await db.schema.alterTable("pledges").dropColumn("cancel_reason").execute();
  await db.schema.alterTable("pledges").dropColumn("cancelled_at").execute();
}
