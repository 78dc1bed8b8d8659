import type { Kysely } from "kysely";

// "In honour or in memory of someone" now has a field for that person's name (optional).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("pledges").addColumn("honoree_name", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("pledges").dropColumn("honoree_name").execute();
}
