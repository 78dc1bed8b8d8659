import type { DB } from "~/infra/db.server";

// The saved settings of the charity's own details, one row per key (see db/migrations/0015).

export interface SettingRow {
  key: string;
  value: string;
}

/** Every saved setting; keys never saved are absent (their default applies). */
export async function listSettings(db: DB): Promise<SettingRow[]> {
  return db.selectFrom("charity_settings").select(["key", "value"]).execute();
}

/** Saves the given settings, each replacing what was saved before under its key. */
export async function saveSettings(
  db: DB,
  values: readonly SettingRow[],
  { actor, now }: { actor: string; now: string },
): Promise<void> {
  for (const { key, value } of values) {
    await db
      .insertInto("charity_settings")
      .values({ key, value, updated_at: now, updated_by: actor })
      .onConflict((conflict) => conflict.column("key").doUpdateSet({ value, updated_at: now, updated_by: actor }))
      .execute();
  }
}
