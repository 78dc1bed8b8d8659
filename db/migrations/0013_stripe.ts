import { sql, SqliteAdapter, type Kysely } from "kysely";
import { rebuildSqliteTable } from "./portable";

// Card and wallet gifts through Stripe Checkout (optional: only used when STRIPE_* is set).
//
// - payments.method gains 'card', and a payment may be negative: a refund is a negative
//   adjustment that keeps the history. SQLite cannot change a CHECK constraint in place, so
//   the table is rebuilt from its own stored definition (whatever columns it has by now), with
//   only the two checks rewritten; its rows, ids and indexes are kept. PostgreSQL changes the
//   constraints in place.
// - payments.stripe_id: the Stripe payment it records (payment intent, invoice, or a charge's
//   refund total), unique, so one Stripe payment is never recorded twice; refund_of: for a
//   refund, the payment it gives back.
// - pledges: how the donor chose to pay, the Stripe customer and subscription of a monthly
//   gift, and a dispute (chargeback) when one was opened.
// - gift_aid_claims.refund_note: set when a payment in the batch was refunded (HMRC must be told).
// - stripe_events: each webhook event id, handled once (written with its effect).

const OLD_METHOD = /check\s*\(\s*"?method"?\s+in\s*\(\s*'manual'\s*,\s*'bank-import'\s*\)\s*\)/i;
const NEW_METHOD = "check (\"method\" in ('manual', 'bank-import', 'card'))";
const OLD_AMOUNT = /check\s*\(\s*"?amount_pence"?\s*>\s*0\s*\)/i;
const NEW_AMOUNT = 'check ("amount_pence" <> 0)';

/** SQLite or not, without a failing query (which would abort a PostgreSQL transaction). */
function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

async function rebuildPaymentsSqlite(db: Kysely<any>): Promise<void> {
  await rebuildSqliteTable(db, "payments", (create) => {
    if (!OLD_METHOD.test(create) || !OLD_AMOUNT.test(create)) {
      throw new Error("payments table: the method and amount checks are not the expected ones");
    }
    return create.replace(OLD_METHOD, NEW_METHOD).replace(OLD_AMOUNT, NEW_AMOUNT);
  });
}

export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) {
    await rebuildPaymentsSqlite(db);
  } else {
    await sql`alter table payments drop constraint if exists payments_method_check`.execute(db);
    await sql`alter table payments drop constraint if exists payments_amount_pence_check`.execute(db);
    await sql`alter table payments add constraint payments_method_check check (method in ('manual', 'bank-import', 'card'))`.execute(
      db,
    );
    await sql`alter table payments add constraint payments_amount_pence_check check (amount_pence <> 0)`.execute(db);
  }

  await db.schema.alterTable("payments").addColumn("stripe_id", "text").execute();
  await db.schema
    .alterTable("payments")
    // No action (checked at the end of each statement), not restrict: a whole pledge's
    // payments can still go in one statement (erasure), refunds with what they refund.
    .addColumn("refund_of", "integer", (c) => c.references("payments.id"))
    .execute();
  await db.schema.createIndex("payments_stripe_id").on("payments").column("stripe_id").unique().execute();
  await db.schema.createIndex("payments_refund_of").on("payments").column("refund_of").execute();

  await db.schema
    .alterTable("pledges")
    .addColumn("pay_by", "text", (c) =>
      c
        .notNull()
        .defaultTo("bank")
        .check(sql`pay_by in ('bank', 'card')`),
    )
    .execute();
  await db.schema.alterTable("pledges").addColumn("stripe_customer", "text").execute();
  await db.schema.alterTable("pledges").addColumn("stripe_subscription", "text").execute();
  await db.schema.alterTable("pledges").addColumn("disputed_at", "text").execute();
  await db.schema.alterTable("pledges").addColumn("dispute_note", "text").execute();
  await db.schema
    .createIndex("pledges_stripe_subscription")
    .on("pledges")
    .column("stripe_subscription")
    .unique()
    .execute();
  await db.schema.createIndex("pledges_stripe_customer").on("pledges").column("stripe_customer").execute();

  await db.schema.alterTable("gift_aid_claims").addColumn("refund_note", "text").execute();

  await db.schema
    .createTable("stripe_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("stripe_events").execute();
  await db.schema.alterTable("gift_aid_claims").dropColumn("refund_note").execute();
  await db.schema.dropIndex("pledges_stripe_customer").execute();
  await db.schema.dropIndex("pledges_stripe_subscription").execute();
  for (const column of ["dispute_note", "disputed_at", "stripe_subscription", "stripe_customer", "pay_by"]) {
    await db.schema.alterTable("pledges").dropColumn(column).execute();
  }
  await db.schema.dropIndex("payments_refund_of").execute();
  await db.schema.dropIndex("payments_stripe_id").execute();
  await db.schema.alterTable("payments").dropColumn("refund_of").execute();
  await db.schema.alterTable("payments").dropColumn("stripe_id").execute();
}
