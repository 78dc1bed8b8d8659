import { sql, type Kysely } from "kysely";
import { isPostgres } from "./portable";

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

async function rebuildDeclarationsSqlite(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{
    type: string;
    sql: string | null;
  }>`select type, sql from sqlite_master where tbl_name = 'gift_aid_declarations' and sql is not null`.execute(db);
  const table = rows.find((row) => row.type === "table");
  if (!table?.sql || !PLEDGE_NOT_NULL.test(table.sql)) {
    throw new Error("gift_aid_declarations: pledge_id is not the expected NOT NULL column");
  }
  const create = table.sql.replace(PLEDGE_NOT_NULL, '"pledge_id" integer');
  const { rows: sequence } = await sql<{
    seq: number;
  }>`select seq from sqlite_sequence where name = 'gift_aid_declarations'`.execute(db);
  // Claim items point at declarations: deferred, the drop's violations are settled by the rows
  // inserted again under the same name and ids (a rename would repoint the claim items).
  await sql`pragma defer_foreign_keys = on`.execute(db);
  await sql`create temporary table declarations_0030 as select * from gift_aid_declarations`.execute(db);
  await sql`drop table gift_aid_declarations`.execute(db);
  await sql.raw(create).execute(db);
  await sql`insert into gift_aid_declarations select * from declarations_0030`.execute(db);
  await sql`drop table declarations_0030`.execute(db);
  if (sequence.length) {
    await sql`update sqlite_sequence set seq = ${sequence[0].seq} where name = 'gift_aid_declarations'`.execute(db);
  }
  for (const index of rows.filter((row) => row.type === "index")) await sql.raw(index.sql!).execute(db);
}

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
    await rebuildDeclarationsSqlite(db);
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
