import { sql, type Kysely } from "kysely";

// Donations in the back office. A pledge keeps what its payments add up to (`paid_pence`)
// and its status, both updated in the same transaction as each payment or cancellation, so
// staff lists filter and sort through indexes instead of summing payments for every row.
// Status: one-time pledges are 'pending' until paid_pence covers the amount, then 'paid';
// monthly pledges (standing orders) are 'active'; any pledge with cancelled_at is 'cancelled'.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("pledges")
    .addColumn("paid_pence", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`paid_pence >= 0`),
    )
    .execute();
  await db.schema
    .alterTable("pledges")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'paid', 'active', 'cancelled')`),
    )
    .execute();

  // Existing rows: what their payments add up to, then the status that follows from it.
  await db
    .updateTable("pledges")
    .set({
      paid_pence: sql`coalesce((select sum(payments.amount_pence) from payments where payments.pledge_id = pledges.id), 0)`,
    })
    .execute();
  await db
    .updateTable("pledges")
    .set({
      status: sql`case
        when cancelled_at is not null then 'cancelled'
        when type = 'monthly' then 'active'
        when paid_pence >= amount_pence then 'paid'
        else 'pending' end`,
    })
    .execute();

  await db.schema
    .createIndex("pledges_status_created_at")
    .on("pledges")
    .columns(["status", "created_at", "id"])
    .execute();
  // Cancelled standing orders and the like: both filters at once.
  await db.schema
    .createIndex("pledges_status_type_created_at")
    .on("pledges")
    .columns(["status", "type", "created_at", "id"])
    .execute();
  await db.schema.createIndex("pledges_type_created_at").on("pledges").columns(["type", "created_at", "id"]).execute();
  // Search matches the start of a name or address whatever its case.
  await db.schema
    .createIndex("pledges_first_name_lower")
    .on("pledges")
    .expression(sql`lower(first_name)`)
    .execute();
  await db.schema
    .createIndex("pledges_last_name_lower")
    .on("pledges")
    .expression(sql`lower(last_name)`)
    .execute();
  await db.schema
    .createIndex("pledges_email_lower")
    .on("pledges")
    .expression(sql`lower(email)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    "pledges_email_lower",
    "pledges_last_name_lower",
    "pledges_first_name_lower",
    "pledges_type_created_at",
    "pledges_status_type_created_at",
    "pledges_status_created_at",
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable("pledges").dropColumn("status").execute();
  await db.schema.alterTable("pledges").dropColumn("paid_pence").execute();
}
