import type { Kysely } from "kysely";

// Gift Aid Small Donations Scheme (GASDS): cash and contactless gifts taken without a Gift Aid
// declaration (a collection at the charity gala, a contactless tap at a stall), recorded by staff.
// Kept apart from payments and pledges: they have no donor, and HMRC claims them apart from the
// Gift Aid schedule. Portable: Kysely's schema builder only.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("small_donations")
    .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
    // YYYY-MM-DD, UK calendar day the money was collected (its tax year decides the claim).
    .addColumn("collected_on", "text", (col) => col.notNull())
    .addColumn("amount_pence", "integer", (col) => col.notNull())
    // "cash" or "contactless".
    .addColumn("method", "text", (col) => col.notNull())
    // "gift": one donation of this amount; "collection": many gifts, none over the GASDS limit.
    .addColumn("kind", "text", (col) => col.notNull())
    // Where it was collected, e.g. "Charity gala".
    .addColumn("place", "text", (col) => col.notNull())
    .addColumn("recorded_by", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("small_donations_collected_on").on("small_donations").column("collected_on").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("small_donations").execute();
}
