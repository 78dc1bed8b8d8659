import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import application code.
//
// Monthly gifts by Direct Debit (Stripe Bacs through Checkout). A Direct Debit gift is a Stripe
// gift like a card one (pay_by 'card': the same Checkout queue, return page and webhooks), told
// apart by its payment method; its mandate's life is kept beside it:
// - pledges.stripe_method: 'bacs_debit' for Direct Debit, null for a card;
// - pledges.dd_state: 'set-up' (mandate set up, nothing collected yet), 'collecting', 'failed'
//   (the latest collection failed; Stripe may retry), 'ended' (cancelled or the mandate went
//   inactive); dd_set_up_on and dd_next_collection_on (YYYY-MM-DD);
// - direct_debit_events: each failed collection and each ended mandate, with Stripe's reason,
//   once per Stripe object (stripe_id unique), for the pledge page and the staff list.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("pledges")
    .addColumn("stripe_method", "text", (c) => c.check(sqlCheck("stripe_method", ["bacs_debit"])))
    .execute();
  await db.schema
    .alterTable("pledges")
    .addColumn("dd_state", "text", (c) => c.check(sqlCheck("dd_state", ["set-up", "collecting", "failed", "ended"])))
    .execute();
  await db.schema.alterTable("pledges").addColumn("dd_set_up_on", "text").execute();
  await db.schema.alterTable("pledges").addColumn("dd_next_collection_on", "text").execute();
  await db.schema
    .createTable("direct_debit_events")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("pledge_id", "integer", (c) => c.notNull().references("pledges.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sqlCheck("kind", ["failed", "ended"])))
    .addColumn("stripe_id", "text", (c) => c.notNull().unique())
    .addColumn("occurred_at", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("attempt", "integer")
    .addColumn("next_attempt_on", "text")
    .execute();
  await db.schema
    .createIndex("direct_debit_events_occurred_at")
    .on("direct_debit_events")
    .columns(["occurred_at", "id"])
    .execute();
  await db.schema.createIndex("direct_debit_events_pledge_id").on("direct_debit_events").column("pledge_id").execute();
}

function sqlCheck(column: string, values: string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("direct_debit_events").execute();
  for (const column of ["dd_next_collection_on", "dd_set_up_on", "dd_state", "stripe_method"]) {
    await db.schema.alterTable("pledges").dropColumn(column).execute();
  }
}
