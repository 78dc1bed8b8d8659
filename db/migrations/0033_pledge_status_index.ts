import type { Kysely } from "kysely";

// The staff list's "awaiting payment" and "lapsed" filters each have two causes (see
// pledgeStatusBranches), one of them "a standing order with no payment yet, made after (or
// before) the cutoff". The index on (status, last_paid_on) could find those rows but not their
// dates, so counting 20,000 lapsed standing orders read every row. With created_at and id in the
// index, each cause is counted and paged, newest first, from the index alone.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("pledges_status_last_paid_on").execute();
  await db.schema
    .createIndex("pledges_status_last_paid_on_created_at")
    .on("pledges")
    .columns(["status", "last_paid_on", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("pledges_status_last_paid_on_created_at").execute();
  await db.schema
    .createIndex("pledges_status_last_paid_on")
    .on("pledges")
    .columns(["status", "last_paid_on"])
    .execute();
}
