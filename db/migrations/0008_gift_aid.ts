import { sql, type Kysely } from "kysely";

// Gift Aid: donors' declarations (each keeps the exact wording the donor agreed to), claim
// batches sent to HMRC, and the payments each batch claims. A payment is in at most one batch,
// ever (unique payment_id); a batch's rows are frozen copies of the schedule cells, so a later
// change of a donor's details never changes what was claimed. Kept six years, as HMRC requires.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("gift_aid_declarations")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    /** The pledge whose form carried the declaration. */
    .addColumn("pledge_id", "integer", (c) => c.notNull().unique().references("pledges.id").onDelete("restrict"))
    .addColumn("title", "text")
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("house_name_or_number", "text", (c) => c.notNull())
    /** The street (the rest of the first address line). */
    .addColumn("address_line", "text", (c) => c.notNull())
    .addColumn("town", "text", (c) => c.notNull())
    /** Normalised UK postcode: capitals, one space. */
    .addColumn("postcode", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    /** Key of the wording in app/content/gift-aid.ts, and the wording itself as shown. */
    .addColumn("declaration_version", "text", (c) => c.notNull())
    .addColumn("declaration_text", "text", (c) => c.notNull())
    .addColumn("declared_at", "text", (c) => c.notNull())
    /** The model enduring declaration covers the 4 years before it; 0 for one that does not. */
    .addColumn("covers_past_four_years", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`covers_past_four_years in (0, 1)`),
    )
    .addColumn("cancelled_at", "text")
    .addColumn("cancel_reason", "text")
    .execute();
  await db.schema.createIndex("gift_aid_declarations_email").on("gift_aid_declarations").column("email").execute();
  await db.schema
    .createIndex("gift_aid_declarations_declared_at")
    .on("gift_aid_declarations")
    .columns(["declared_at", "id"])
    .execute();

  await db.schema
    .createTable("gift_aid_claims")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    /** Sum of the batch's donations and the Gift Aid on it (25%, rounded down), integer pence. */
    .addColumn("total_pence", "integer", (c) => c.notNull())
    .addColumn("gift_aid_pence", "integer", (c) => c.notNull())
    .addColumn("item_count", "integer", (c) => c.notNull())
    /** YYYY-MM-DD the batch was sent to HMRC; once set, nothing in the batch changes. */
    .addColumn("submitted_on", "text")
    .addColumn("submitted_by", "text")
    .execute();
  await db.schema
    .createIndex("gift_aid_claims_created_at")
    .on("gift_aid_claims")
    .columns(["created_at", "id"])
    .execute();

  await db.schema
    .createTable("gift_aid_claim_items")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("claim_id", "integer", (c) => c.notNull().references("gift_aid_claims.id").onDelete("restrict"))
    /** Unique: a payment is claimed at most once, whatever happens to the batch around it. */
    .addColumn("payment_id", "integer", (c) => c.notNull().unique().references("payments.id").onDelete("restrict"))
    .addColumn("declaration_id", "integer", (c) =>
      c.notNull().references("gift_aid_declarations.id").onDelete("restrict"),
    )
    // The schedule row's cells as claimed (already cleaned to HMRC's rules).
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("house_name_or_number", "text", (c) => c.notNull())
    .addColumn("postcode", "text", (c) => c.notNull())
    /** YYYY-MM-DD */
    .addColumn("donation_date", "text", (c) => c.notNull())
    .addColumn("amount_pence", "integer", (c) => c.notNull().check(sql`amount_pence > 0`))
    .execute();
  await db.schema
    .createIndex("gift_aid_claim_items_claim_id")
    .on("gift_aid_claim_items")
    .columns(["claim_id", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("gift_aid_claim_items").execute();
  await db.schema.dropTable("gift_aid_claims").execute();
  await db.schema.dropTable("gift_aid_declarations").execute();
}
