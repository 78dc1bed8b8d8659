import { sql, type Kysely } from "kysely";
import { isPostgres, rebuildSqliteTable } from "./portable";

// Your giving, what donors now change themselves, and the charity soft opt-in:
// - supporters: the name and home address the donor last gave at Your giving (title, first and
//   last name, house, street, town, postcode, when). A Gift Aid declaration keeps its own copy
//   of the address it was made with; a new declaration copies this one.
// - gift_aid_declarations.pledge_id may be null: a declaration made at Your giving belongs to
//   the supporter, not to a pledge (it is still unique when set). SQLite cannot drop a NOT NULL
//   in place, so the table is rebuilt from its own stored definition (as 0013 does for
//   payments); PostgreSQL drops it in place.
// - newsletter_subscribers.legal_basis: why we may send them the newsletter, "consent" or
//   "soft-opt-in" (PECR 22(3A): a donor who gave on a form that offered a clear opt-out), with
//   the form's version and the time; null for every row from before (consent, as then).

const PLEDGE_NOT_NULL = /"pledge_id"\s+integer\s+not\s+null/i;

const SUPPORTER_COLUMNS = [
  "title",
  "first_name",
  "last_name",
  "house_name_or_number",
  "address_line",
  "town",
  "postcode",
  "address_updated_at",
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of SUPPORTER_COLUMNS) {
    await db.schema.alterTable("supporters").addColumn(column, "text").execute();
  }
  if (isPostgres(db)) {
    await sql`alter table gift_aid_declarations alter column pledge_id drop not null`.execute(db);
  } else {
    await rebuildSqliteTable(db, "gift_aid_declarations", (create) => {
      if (!PLEDGE_NOT_NULL.test(create))
        throw new Error("gift_aid_declarations: pledge_id is not NOT NULL as expected");
      return create.replace(PLEDGE_NOT_NULL, '"pledge_id" integer');
    });
  }
  await db.schema
    .alterTable("newsletter_subscribers")
    .addColumn("legal_basis", "text", (c) => c.check(sql`legal_basis in ('consent', 'soft-opt-in')`))
    .execute();
  await db.schema.alterTable("newsletter_subscribers").addColumn("basis_form_version", "text").execute();
  await db.schema.alterTable("newsletter_subscribers").addColumn("basis_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["basis_at", "basis_form_version", "legal_basis"]) {
    await db.schema.alterTable("newsletter_subscribers").dropColumn(column).execute();
  }
  for (const column of SUPPORTER_COLUMNS) await db.schema.alterTable("supporters").dropColumn(column).execute();
}
