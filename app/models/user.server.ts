import { nowIsoString } from "~/infra/clock.server";
import type { DB } from "~/infra/db.server";
import { burnPasswordCheck, hashPassword, verifyPassword } from "~/infra/password.server";

export interface User {
  id: number;
  username: string;
}

export async function countUsers(db: DB): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function getUserByUsername(db: DB, username: string): Promise<User | undefined> {
  return db.selectFrom("users").select(["id", "username"]).where("username", "=", username).executeTakeFirst();
}

export async function createUser(db: DB, username: string, password: string): Promise<User> {
  const now = nowIsoString();
  const password_hash = await hashPassword(password);
  return db
    .insertInto("users")
    .values({ username, password_hash, created_at: now, updated_at: now })
    .returning(["id", "username"])
    .executeTakeFirstOrThrow();
}

/** Sets a new password and ends every session and API token of that user, in one transaction. */
export async function setUserPassword(db: DB, userId: number, password: string): Promise<void> {
  const password_hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ password_hash, updated_at: nowIsoString() })
      .where("id", "=", userId)
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
  });
}

/**
 * The user whose username and password match, or null. An unknown username still pays for
 * one hash, so the answer takes as long either way.
 */
export async function verifyLogin(db: DB, username: string, password: string): Promise<User | null> {
  const row = await db
    .selectFrom("users")
    .select(["id", "username", "password_hash"])
    .where("username", "=", username)
    .executeTakeFirst();
  if (!row) return burnPasswordCheck(password).then(() => null);
  return (await verifyPassword(password, row.password_hash)) ? { id: row.id, username: row.username } : null;
}
