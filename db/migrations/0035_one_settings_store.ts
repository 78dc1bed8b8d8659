import { sql, type Kysely } from "kysely";

// One settings store: the rows of `app_meta` move into `charity_settings`, beside the charity's
// details and the Settings switches: the team's two-step requirement as the switch
// "requireTwoStep" ("on"/"off"), the seed's marker under its own key. Then `app_meta` goes.
// Portable: the query builder only.

const OLD_KEY = "team.require_two_step";
const KEY = "requireTwoStep";
/** db/seed.ts's marker that the sample articles were seeded once. */
const SEEDED_KEY = "seeded_at";

export async function up(db: Kysely<any>): Promise<void> {
  for (const row of await db.selectFrom("app_meta").select(["key", "value"]).execute()) {
    const twoStep = row.key === OLD_KEY;
    await db
      .insertInto("charity_settings")
      .values({
        key: twoStep ? KEY : row.key,
        value: twoStep ? (row.value === "1" ? "on" : "off") : row.value,
        updated_at: sql<string>`${new Date(0).toISOString()}`,
        updated_by: "migration 0035",
      })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .execute();
  }
  await db.schema.dropTable("app_meta").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("app_meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
  const row = await db.selectFrom("charity_settings").select("value").where("key", "=", KEY).executeTakeFirst();
  if (row) {
    await db
      .insertInto("app_meta")
      .values({ key: OLD_KEY, value: row.value === "on" ? "1" : "0" })
      .execute();
  }
  await db.deleteFrom("charity_settings").where("key", "=", KEY).execute();
  const seeded = await db
    .selectFrom("charity_settings")
    .select(["key", "value"])
    .where("key", "=", SEEDED_KEY)
    .execute();
  for (const marker of seeded) await db.insertInto("app_meta").values(marker).execute();
  await db.deleteFrom("charity_settings").where("key", "=", SEEDED_KEY).execute();
}
