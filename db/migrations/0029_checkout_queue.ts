import type { Kysely } from "kysely";

// Frozen in time: migrations never import application code.
//
// Appeal night: a card gift whose Checkout Session cannot be made at once (Stripe's
// rate limit, about 25 creations a second) waits here, one row per pledge, and a background
// queue on every instance makes the sessions at a shared pace. A row is claimed with a lease
// (a conditional update, which two instances cannot both win), so no pledge gets two sessions
// made at once; the idempotency key Stripe gets (checkout-<reference>) covers a retry after a
// crash. `last_tried_at` is what the shared pace counts; `checkout_url` is where the wait page
// sends the donor.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("checkout_requests")
    .addColumn("pledge_id", "integer", (c) => c.primaryKey().references("pledges.id").onDelete("cascade"))
    .addColumn("requested_at", "text", (c) => c.notNull())
    .addColumn("next_try_at", "text", (c) => c.notNull())
    .addColumn("lease_until", "text")
    .addColumn("last_tried_at", "text")
    .addColumn("tries", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("checkout_url", "text")
    .addColumn("last_error", "text")
    .addColumn("failed_at", "text")
    .execute();
  await db.schema.createIndex("checkout_requests_next_try_at").on("checkout_requests").column("next_try_at").execute();
  await db.schema
    .createIndex("checkout_requests_last_tried_at")
    .on("checkout_requests")
    .column("last_tried_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("checkout_requests").execute();
}
