import type { DB } from "~/infra/db.server";

// Team-wide sign-in settings, kept in app_meta (one row per setting).
const REQUIRE_TWO_STEP = "team.require_two_step";

export async function getRequireTwoStep(db: DB): Promise<boolean> {
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", REQUIRE_TWO_STEP).executeTakeFirst();
  return row?.value === "1";
}

export async function setRequireTwoStep(db: DB, on: boolean): Promise<void> {
  await db.deleteFrom("app_meta").where("key", "=", REQUIRE_TWO_STEP).execute();
  await db
    .insertInto("app_meta")
    .values({ key: REQUIRE_TWO_STEP, value: on ? "1" : "0" })
    .execute();
}
