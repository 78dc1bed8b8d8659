import { sql, type Kysely } from "kysely";

// Supporters: one record per person, found by e-mail address (trimmed and lower-cased; nothing
// else is merged, so "a.b+x@gmail.com" stays apart from "ab@gmail.com"). Each address belongs to
// one supporter; a merge moves the merged-away supporter's addresses to the survivor. Pledges,
// Gift Aid declarations, newsletter subscribers and enquiries point to their supporter (payments
// through their pledge). Existing rows get their supporters here, in this migration's own
// transaction: all or nothing. Portable: Kysely queries only, the grouping done in TypeScript.

const PEOPLE_TABLES = ["pledges", "gift_aid_declarations", "newsletter_subscribers", "contact_enquiries"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("supporters")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    /** The name staff see: the donor's or enquirer's latest name, or null (the address is shown). */
    .addColumn("display_name", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("supporter_emails")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("supporter_id", "integer", (c) => c.notNull().references("supporters.id").onDelete("cascade"))
    /** Trimmed and lower-cased; one supporter per address. */
    .addColumn("address", "text", (c) => c.notNull().unique())
    /** 1 for the address the supporter was created with; 0 for one merged in. */
    .addColumn("is_primary", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`is_primary in (0, 1)`),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("supporter_emails_supporter_id").on("supporter_emails").column("supporter_id").execute();
  await db.schema.createIndex("supporters_display_name").on("supporters").column("display_name").execute();
  // The staff list: newest first.
  await db.schema.createIndex("supporters_created_at").on("supporters").columns(["created_at", "id"]).execute();

  for (const table of PEOPLE_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn("supporter_id", "integer", (c) => c.references("supporters.id").onDelete("restrict"))
      .execute();
    await db.schema.createIndex(`${table}_supporter_id`).on(table).column("supporter_id").execute();
  }

  // The people already on file, by normalised address: the earliest record's time, and the
  // latest name a pledge (else an enquiry) gave.
  interface Seen {
    createdAt: string;
    name: string | null;
    nameAt: string;
    nameRank: number;
  }
  const people = new Map<string, Seen>();
  const see = (email: string, at: string, name: string | null, nameRank: number) => {
    const address = email.trim().toLowerCase();
    if (!address) return;
    const seen = people.get(address);
    if (!seen) {
      people.set(address, { createdAt: at, name, nameAt: at, nameRank });
      return;
    }
    if (at < seen.createdAt) seen.createdAt = at;
    if (name && (seen.name === null || nameRank > seen.nameRank || (nameRank === seen.nameRank && at > seen.nameAt))) {
      Object.assign(seen, { name, nameAt: at, nameRank });
    }
  };
  const pledges = await db.selectFrom("pledges").select(["email", "first_name", "last_name", "created_at"]).execute();
  for (const p of pledges) see(p.email, p.created_at, `${p.first_name} ${p.last_name}`.trim() || null, 2);
  const enquiries = await db.selectFrom("contact_enquiries").select(["email", "name", "created_at"]).execute();
  for (const e of enquiries) see(e.email, e.created_at, (e.name ?? "").trim() || null, 1);
  const declarations = await db.selectFrom("gift_aid_declarations").select(["email", "declared_at"]).execute();
  for (const d of declarations) see(d.email, d.declared_at, null, 0);
  const subscribers = await db.selectFrom("newsletter_subscribers").select(["email", "consented_at"]).execute();
  for (const s of subscribers) see(s.email, s.consented_at, null, 0);

  const addresses = [...people.keys()].sort();
  for (const address of addresses) {
    const seen = people.get(address)!;
    const supporter = await db
      .insertInto("supporters")
      .values({ display_name: seen.name, created_at: seen.createdAt })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("supporter_emails")
      .values({ supporter_id: supporter.id, address, is_primary: 1, created_at: seen.createdAt })
      .execute();
  }

  for (const table of PEOPLE_TABLES) {
    await db
      .updateTable(table)
      .set((eb: any) => ({
        supporter_id: eb
          .selectFrom("supporter_emails")
          .select("supporter_emails.supporter_id")
          .where("supporter_emails.address", "=", sql`lower(trim(${sql.ref(`${table}.email`)}))`),
      }))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of PEOPLE_TABLES) {
    await db.schema.dropIndex(`${table}_supporter_id`).execute();
    await db.schema.alterTable(table).dropColumn("supporter_id").execute();
  }
  await db.schema.dropTable("supporter_emails").execute();
  await db.schema.dropTable("supporters").execute();
}
