import { sql, type Kysely } from "kysely";

// Volunteer, internship and advisory-board applications, made on the Get Involved pages
// and worked through by staff under Volunteers. Portable: Kysely's schema builder, plus checks and
// expression indexes both engines have.
// - `volunteer_applications`: one row per application; `status` moves through new, contacted,
//   interviewed, active, inactive, declined (each change a row of `volunteer_status_changes`, with
//   who, when and an optional note); `status_changed_at` is when the retention period starts
//   (housekeeping deletes an application that long after its last change, unless it is active).
//   `consent_text` keeps the exact words the applicant agreed to.
// - `volunteer_application_interests`: the interests ticked (the charity edits the list in Settings,
//   so each is kept as its words), indexed for the staff list's interest filter.
// - `outbox.volunteer_application_id`: the acknowledgement and the staff alert go with the
//   application when it is erased or expires (ON DELETE CASCADE), as enquiries' mail does.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("volunteer_applications")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('volunteers', 'internships', 'advisors')`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    // The outward code of a UK postcode ("SW1A"), upper case.
    .addColumn("district", "text", (c) => c.notNull())
    .addColumn("availability", "text", (c) => c.notNull())
    .addColumn("experience", "text", (c) => c.notNull())
    .addColumn("why", "text", (c) => c.notNull())
    .addColumn("consent_text", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("new")
        .check(sql`status in ('new', 'contacted', 'interviewed', 'active', 'inactive', 'declined')`),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("status_changed_at", "text", (c) => c.notNull())
    .addColumn("supporter_id", "integer", (c) => c.references("supporters.id"))
    .execute();
  await db.schema
    .createIndex("volunteer_applications_status_created_at")
    .on("volunteer_applications")
    .columns(["status", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("volunteer_applications_status_changed_at")
    .on("volunteer_applications")
    .column("status_changed_at")
    .execute();
  await db.schema
    .createIndex("volunteer_applications_lower_name")
    .on("volunteer_applications")
    .expression(sql`lower(name)`)
    .execute();
  await db.schema
    .createIndex("volunteer_applications_lower_email")
    .on("volunteer_applications")
    .expression(sql`lower(email)`)
    .execute();
  await db.schema
    .createIndex("volunteer_applications_supporter")
    .on("volunteer_applications")
    .column("supporter_id")
    .execute();

  await db.schema
    .createTable("volunteer_application_interests")
    .addColumn("application_id", "integer", (c) =>
      c.notNull().references("volunteer_applications.id").onDelete("cascade"),
    )
    .addColumn("interest", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("volunteer_application_interests_pk", ["application_id", "interest"])
    .execute();
  await db.schema
    .createIndex("volunteer_application_interests_interest")
    .on("volunteer_application_interests")
    .columns(["interest", "application_id"])
    .execute();

  await db.schema
    .createTable("volunteer_status_changes")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("application_id", "integer", (c) =>
      c.notNull().references("volunteer_applications.id").onDelete("cascade"),
    )
    .addColumn("from_status", "text", (c) => c.notNull())
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("volunteer_status_changes_application")
    .on("volunteer_status_changes")
    .columns(["application_id", "id"])
    .execute();

  await db.schema
    .alterTable("outbox")
    .addColumn("volunteer_application_id", "integer", (c) =>
      c.references("volunteer_applications.id").onDelete("cascade"),
    )
    .execute();
  await db.schema.createIndex("outbox_volunteer_application").on("outbox").column("volunteer_application_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("outbox_volunteer_application").execute();
  await db.schema.alterTable("outbox").dropColumn("volunteer_application_id").execute();
  await db.schema.dropTable("volunteer_status_changes").execute();
  await db.schema.dropTable("volunteer_application_interests").execute();
  await db.schema.dropTable("volunteer_applications").execute();
}
