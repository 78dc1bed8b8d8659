import { sql, type Kysely } from "kysely";

// Refunds are money, read net everywhere.
//
// - pledges.refunded_pence: what has been given back of the pledge's payments (positive pence),
//   kept with each payment beside paid_pence (the net). A one-time pledge is paid once what was
//   received (net + refunded) covers it: a refund never makes it "awaiting payment" again.
// - pledges.switched_from_card_at: when a donor who chose card left Checkout for a bank transfer.
// - payments.adjusted_in_claim: for a refund of a payment in a submitted Gift Aid claim, the
//   later claim that told HMRC (its adjustment); null until then.
// - gift_aid_claims.adjustment_pence: the Gift Aid over-claimed in earlier batches (refunds since),
//   which this batch deducts (HMRC's "Adjustment" figure).
// - stripe_events.attention: why a signed event was not taken as money (staff look at it), or null.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("pledges")
    .addColumn("refunded_pence", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("pledges").addColumn("switched_from_card_at", "text").execute();
  // No foreign key: a claim batch's id, kept like its refund note (deleting a draft batch clears it).
  await db.schema.alterTable("payments").addColumn("adjusted_in_claim", "integer").execute();
  await db.schema
    .alterTable("gift_aid_claims")
    .addColumn("adjustment_pence", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("stripe_events").addColumn("attention", "text").execute();
  await db.schema.alterTable("stripe_events").addColumn("pledge_id", "integer").execute();

  // Pledges with refunds already: their refunded total, and a one-time pledge that was paid in
  // full before its refund is paid again.
  await sql`update pledges set refunded_pence = coalesce((select -sum(p.amount_pence) from payments p where p.pledge_id = pledges.id and p.amount_pence < 0), 0)`.execute(
    db,
  );
  await sql`update pledges set status = 'paid' where status = 'pending' and type = 'one-time' and cancelled_at is null and paid_pence + refunded_pence >= amount_pence`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("stripe_events").dropColumn("pledge_id").execute();
  await db.schema.alterTable("stripe_events").dropColumn("attention").execute();
  await db.schema.alterTable("gift_aid_claims").dropColumn("adjustment_pence").execute();
  await db.schema.alterTable("payments").dropColumn("adjusted_in_claim").execute();
  await db.schema.alterTable("pledges").dropColumn("switched_from_card_at").execute();
  await db.schema.alterTable("pledges").dropColumn("refunded_pence").execute();
}
