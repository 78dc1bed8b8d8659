import { sql, type ExpressionBuilder } from "kysely";
import type { Database } from "../../../db/schema";
import { nowIsoString } from "~/infra/clock.server";
import type { DB } from "~/infra/db.server";
import { updatedAny } from "~/infra/row-count.server";
import type { Role } from "~/utils/admin-paths";
import { burnPasswordCheck, hashPassword, verifyPassword } from "~/infra/password.server";
import { camelRow } from "~/utils/row-shape";

export interface User {
  id: number;
  username: string;
  role: Role;
  name: string | null;
  email: string | null;
}

export type UserStatus = "active" | "disabled";

/** A person as the Team section lists them. */
export interface TeamMember extends User {
  status: UserStatus;
  createdAt: string;
  lastSignInAt: string | null;
  /** An authenticator app is set up. */
  twoStep: boolean;
  /** At least one passkey (0037), which counts as two-step sign-in too. */
  passkey: boolean;
}

const userColumns = ["users.id", "users.username", "users.role", "users.name", "users.email"] as const;

type TeamRow = User & {
  status: UserStatus;
  created_at: string;
  last_sign_in_at: string | null;
  totp_enabled_at: string | null;
  has_passkey: unknown;
};

export async function countUsers(db: DB): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Usernames are unique ignoring case: "Alice" finds "alice". */
export async function getUserByUsername(db: DB, username: string): Promise<User | undefined> {
  return db
    .selectFrom("users")
    .select(userColumns)
    .where(sql<string>`lower(username)`, "=", username.trim().toLowerCase())
    .executeTakeFirst();
}

export async function getUserById(db: DB, id: number): Promise<User | undefined> {
  return db.selectFrom("users").select(userColumns).where("id", "=", id).executeTakeFirst();
}

/** The active person with this e-mail address (case ignored), if any. */
export async function getActiveUserByEmail(db: DB, email: string): Promise<User | undefined> {
  return db
    .selectFrom("users")
    .select(userColumns)
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .where("status", "=", "active")
    .executeTakeFirst();
}

export async function emailInUse(db: DB, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewUserDetails {
  role?: Role;
  email?: string | null;
  name?: string | null;
}

/** Creates an active user; without a role it is an admin (the seeded first user, the operator's scripts). */
export async function createUser(
  db: DB,
  username: string,
  password: string,
  details: NewUserDetails = {},
): Promise<User> {
  const now = nowIsoString();
  const password_hash = await hashPassword(password);
  return db
    .insertInto("users")
    .values({
      username,
      password_hash,
      created_at: now,
      updated_at: now,
      role: details.role ?? "admin",
      email: details.email ?? null,
      name: details.name ?? null,
    })
    .returning(["id", "username", "role", "name", "email"])
    .executeTakeFirstOrThrow();
}

/** A person's name as the staff area shows it (null: none given). */
export async function setUserName(db: DB, userId: number, name: string | null): Promise<void> {
  await db.updateTable("users").set({ name, updated_at: nowIsoString() }).where("id", "=", userId).execute();
}

/** A person's e-mail address (where resets and sign-in notices go). */
export async function setUserEmail(db: DB, userId: number, email: string): Promise<void> {
  await db.updateTable("users").set({ email, updated_at: nowIsoString() }).where("id", "=", userId).execute();
}

/** Sets a new password and ends every session and API token of that user, in one transaction. */
export async function setUserPassword(db: DB, userId: number, password: string): Promise<void> {
  const password_hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, userId, password_hash);
  });
}

/** The write half of a password change, for callers with their own transaction. */
export async function setPasswordHash(db: DB, userId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ password_hash: passwordHash, updated_at: nowIsoString() })
    .where("id", "=", userId)
    .execute();
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

/**
 * The active user whose username (case ignored) and password match, or null. An unknown or
 * disabled username still pays for one hash, so the answer takes as long either way.
 */
export async function verifyLogin(db: DB, username: string, password: string): Promise<User | null> {
  const row = await db
    .selectFrom("users")
    .select([...userColumns, "users.password_hash", "users.status"])
    .where(sql<string>`lower(username)`, "=", username.trim().toLowerCase())
    .executeTakeFirst();
  if (!row || row.status !== "active") return burnPasswordCheck(password).then(() => null);
  if (!(await verifyPassword(password, row.password_hash))) return null;
  return { id: row.id, username: row.username, role: row.role, name: row.name, email: row.email };
}

export async function recordSignIn(db: DB, userId: number, at: string = nowIsoString()): Promise<void> {
  await db.updateTable("users").set({ last_sign_in_at: at }).where("id", "=", userId).execute();
}

/** The one mapping of a team member's row: whether two-step sign-in is on, not when. */
function toTeamMember({ totp_enabled_at, has_passkey, ...row }: TeamRow): TeamMember {
  // exists() is 0/1 on SQLite and a boolean on PostgreSQL.
  return { ...camelRow(row), twoStep: totp_enabled_at !== null, passkey: Boolean(Number(has_passkey)) };
}

/** Whether the person has a passkey, as a column of a team query. */
const hasPasskey = (eb: ExpressionBuilder<Database, "users">) =>
  eb
    .exists(eb.selectFrom("passkeys").select("passkeys.id").whereRef("passkeys.user_id", "=", "users.id"))
    .as("has_passkey");

export async function listTeam(db: DB): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom("users")
    .select((eb) => [...userColumns, "status", "created_at", "last_sign_in_at", "totp_enabled_at", hasPasskey(eb)])
    .orderBy(sql`lower(username)`)
    .execute();
  return rows.map(toTeamMember);
}

export async function getTeamMember(db: DB, id: number): Promise<TeamMember | undefined> {
  const row = await db
    .selectFrom("users")
    .select((eb) => [...userColumns, "status", "created_at", "last_sign_in_at", "totp_enabled_at", hasPasskey(eb)])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && toTeamMember(row);
}

export async function countActiveAdmins(db: DB): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "admin")
    .where("status", "=", "active")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setUserRole(db: DB, userId: number, role: Role): Promise<void> {
  await db.updateTable("users").set({ role, updated_at: nowIsoString() }).where("id", "=", userId).execute();
}

/** Disabling ends every session and API token of the person in the same transaction. */
export async function setUserStatus(db: DB, userId: number, status: UserStatus): Promise<void> {
  await db.updateTable("users").set({ status, updated_at: nowIsoString() }).where("id", "=", userId).execute();
  if (status === "disabled") await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

export interface TwoStepState {
  secret: string | null;
  enabledAt: string | null;
  lastStep: number | null;
}

export async function getTwoStep(db: DB, userId: number): Promise<TwoStepState> {
  const row = await db
    .selectFrom("users")
    .select(["totp_secret", "totp_enabled_at", "totp_last_step"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return { secret: row.totp_secret, enabledAt: row.totp_enabled_at, lastStep: row.totp_last_step };
}

export async function setTwoStep(
  db: DB,
  userId: number,
  values: { secret: string | null; enabledAt: string | null; lastStep?: number | null },
): Promise<void> {
  await db
    .updateTable("users")
    .set({
      totp_secret: values.secret,
      totp_enabled_at: values.enabledAt,
      totp_last_step: values.lastStep ?? null,
      updated_at: nowIsoString(),
    })
    .where("id", "=", userId)
    .execute();
}

/**
 * Records the time step of an accepted code, only when it is later than the last one: false
 * when the code (or an earlier one) was already used, so a code is accepted once.
 */
export async function claimTotpStep(db: DB, userId: number, step: number): Promise<boolean> {
  return updatedAny(
    db
      .updateTable("users")
      .set({ totp_last_step: step })
      .where("id", "=", userId)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)])),
  );
}
