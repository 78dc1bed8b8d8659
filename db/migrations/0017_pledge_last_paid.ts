import { sql, type Kysely } from "kysely";

// A monthly gift's state (awaiting its first payment, active, lapsed after 45 days without one)
// depends on the day its last payment arrived. Kept on the pledge, like paid_pence, in the same
// transaction as each payment, so the staff list filters by it through an index.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("pledges").addColumn("last_paid_on", "text").execute();
  await db
    .updateTable("pledges")
    .set({
      last_paid_on: sql`(select max(payments.received_on) from payments
        where payments.pledge_id = pledges.id and payments.amount_pence > 0)`,
    })
    .execute();
  await db.schema
    .createIndex("pledges_status_last_paid_on")
    .on("pledges")
    .columns(["status", "last_paid_on"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("pledges_status_last_paid_on").execute();
  await db.schema.alterTable("pledges").dropColumn("last_paid_on").execute();
}
