import { sql, type Kysely } from "kysely";

// 0006 (pledges_email_lower, for the staff search) and 0009 (pledges_lower_email_privacy, for
// privacy requests) both indexed lower(email) on pledges: the same index twice, written on every
// pledge insert and update for nothing. SQLite's planner chooses the 0009 one for both the
// privacy lookup (lower(email) = ?) and the search's prefix range, so that one stays.
// Undoing a payment needs no schema: payments.bank_line and gift_aid_claim_items.payment_id are
// already unique, so both lookups it makes are index lookups.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("pledges_email_lower").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("pledges_email_lower")
    .on("pledges")
    .expression(sql`lower(email)`)
    .execute();
}
