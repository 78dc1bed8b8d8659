import { sql, type Kysely } from "kysely";

// The enquiry inbox and privacy requests. Indexes so that, with 100,000 enquiries, a filtered
// page, its count and a search stay index lookups:
// - subject filter: (subject, status, created_at, id) serves the filter, the "new first,
//   newest first" order and the count (a covering index);
// - search by name or e-mail address: case-insensitive prefix ranges on lower(name) and
//   lower(email) (expression indexes, which PostgreSQL has too);
// - privacy requests find a person's pledges by lower(email) (case-insensitive exact match).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("contact_enquiries_subject_status_created_at")
    .on("contact_enquiries")
    .columns(["subject", "status", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("contact_enquiries_lower_name")
    .on("contact_enquiries")
    .expression(sql`lower(name)`)
    .execute();
  await db.schema
    .createIndex("contact_enquiries_lower_email")
    .on("contact_enquiries")
    .expression(sql`lower(email)`)
    .execute();
  await db.schema
    .createIndex("pledges_lower_email_privacy")
    .on("pledges")
    .expression(sql`lower(email)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("pledges_lower_email_privacy").execute();
  await db.schema.dropIndex("contact_enquiries_lower_email").execute();
  await db.schema.dropIndex("contact_enquiries_lower_name").execute();
  await db.schema.dropIndex("contact_enquiries_subject_status_created_at").execute();
}
