import type { DB } from "~/infra/db.server";
import { updatedAny } from "~/infra/row-count.server";
import { nowIsoString } from "~/infra/clock.server";

/** Replaces a person's recovery codes with new ones (their SHA-256 hashes). */
export async function replaceRecoveryCodes(db: DB, userId: number, hashes: readonly string[]): Promise<void> {
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  for (const code_hash of hashes) {
    await db.insertInto("recovery_codes").values({ user_id: userId, code_hash }).execute();
  }
}

export async function clearRecoveryCodes(db: DB, userId: number): Promise<void> {
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
}

/** Marks an unused code as used; false when there is no such unused code (a code works once). */
export async function spendRecoveryCode(db: DB, userId: number, hash: string): Promise<boolean> {
  return updatedAny(
    db
      .updateTable("recovery_codes")
      .set({ used_at: nowIsoString() })
      .where("user_id", "=", userId)
      .where("code_hash", "=", hash)
      .where("used_at", "is", null),
  );
}

export async function countUnusedRecoveryCodes(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
