import crypto from "node:crypto";
import type { DB } from "~/infra/db.server";
import type { User } from "./user.server";

export type SessionKind = "web" | "api";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Staff browser sessions and API bearer tokens both expire after 30 days. */
export const SESSION_TTL_MS = 30 * DAY_MS;

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * Creates a session row and returns its secret token (32 random bytes, base64url). Only the
 * token's SHA-256 is stored, so a copy of the database does not let anyone sign in.
 */
export async function createSession(
  db: DB,
  userId: number,
  kind: SessionKind,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db
    .insertInto("sessions")
    .values({
      id: hashToken(token),
      user_id: userId,
      kind,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

/** The user a live token of the given kind belongs to, or null when unknown, expired or revoked. */
export async function getSessionUser(
  db: DB,
  token: string,
  kind: SessionKind,
  now: Date = new Date(),
): Promise<User | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.username"])
    .where("sessions.id", "=", hashToken(token))
    .where("sessions.kind", "=", kind)
    .where("sessions.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row ?? null;
}

/** Revokes one token. Returns whether a row was deleted. */
export async function deleteSession(db: DB, token: string): Promise<boolean> {
  const result = await db.deleteFrom("sessions").where("id", "=", hashToken(token)).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes expired browser sessions and API tokens; returns how many. */
export async function deleteExpiredSessions(db: DB, now: Date = new Date()): Promise<number> {
  const result = await db.deleteFrom("sessions").where("expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
