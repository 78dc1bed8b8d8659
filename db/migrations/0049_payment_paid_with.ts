import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import application code.
//
// How a payment staff record by hand was paid, so statements and exports can name it:
// payments.paid_with is 'bank-transfer', 'cheque', 'cash' or 'other', or null (a Stripe or
// bank-statement payment, whose method says how; or one recorded before this column).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("payments")
    .addColumn("paid_with", "text", (c) =>
      c.check(sql.raw("paid_with in ('bank-transfer', 'cheque', 'cash', 'other')")),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("payments").dropColumn("paid_with").execute();
}
