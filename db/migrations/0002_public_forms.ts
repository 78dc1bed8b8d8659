import { sql, type Kysely } from "kysely";
import { caseInsensitiveText } from "./portable";

// Enquiries, newsletter consent and donation pledges from the public forms.

export async function up(db: Kysely<any>): Promise<void> {
  const nocase = caseInsensitiveText(db);
  await db.schema
    .createTable("contact_enquiries")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('email', 'whatsapp')`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("newsletter_subscribers")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("email", nocase.type, (c) => nocase.modify(c.notNull().unique()))
    .addColumn("consented_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("pledges")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('one-time', 'monthly')`))
    .addColumn("amount_pence", "integer", (c) => c.notNull().check(sql`amount_pence > 0`))
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("in_honour", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`in_honour in (0, 1)`),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["pledges", "newsletter_subscribers", "contact_enquiries"]) {
    await db.schema.dropTable(table).execute();
  }
}
