import { nowDate } from "~/infra/clock.server";
import { sql } from "kysely";
import type { DB } from "~/infra/db.server";
import { deletedAny, deletedCount } from "~/infra/row-count.server";
import type { User } from "./user.server";
import type { SignInVia } from "../../../db/schema";

export type { SignInVia };
import { camelRow } from "~/utils/row-shape";
import { hashToken, newToken } from "~/infra/secret-token.server";

/** "2fa": a browser whose password was right, its second factor still to come (not yet a session). */
export type SessionKind = "web" | "api" | "2fa";

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Staff browser sessions and API bearer tokens both end 30 days after they began, at most. */
export const SESSION_TTL_MS = 30 * DAY_MS;
/** A browser session unused for 12 hours has ended. */
export const SESSION_IDLE_MS = 12 * HOUR_MS;
/** The pending state between a right password and the second factor's code. */
export const TWO_STEP_PENDING_MS = 10 * MINUTE_MS;
/** "Last seen" is written at most once a minute per session. */
const TOUCH_EVERY_MS = MINUTE_MS;

const ttlFor = (kind: SessionKind) => (kind === "2fa" ? TWO_STEP_PENDING_MS : SESSION_TTL_MS);

/**
 * Creates a session row and returns its secret token (32 random bytes, base64url). Only the
 * token's SHA-256 is stored, so a copy of the database does not let anyone sign in.
 */
export async function createSession(
  db: DB,
  userId: number,
  kind: SessionKind,
  now: Date = nowDate(),
  userAgent: string | null = null,
  via: SignInVia | null = null,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ttlFor(kind));
  await db
    .insertInto("sessions")
    .values({
      id: hashToken(token),
      user_id: userId,
      kind: kind === "api" ? "api" : "web",
      pending: kind === "2fa" ? 1 : 0,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      last_seen_at: now.toISOString(),
      user_agent: userAgent ? userAgent.slice(0, 300) : null,
      via,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * The active user a live token of the given kind belongs to, or null when unknown, expired,
 * idle too long (browser sessions), revoked or the person is disabled. Notes the use.
 */
export async function getSessionUser(
  db: DB,
  token: string,
  kind: SessionKind,
  now: Date = nowDate(),
): Promise<User | null> {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  let query = db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select(["users.id", "users.username", "users.role", "users.name", "users.email", "sessions.last_seen_at"])
    .where("sessions.id", "=", id)
    .where("sessions.kind", "=", kind === "api" ? "api" : "web")
    .where("sessions.pending", "=", kind === "2fa" ? 1 : 0)
    .where("users.status", "=", "active")
    .where("sessions.expires_at", ">", now.toISOString());
  if (kind === "web") {
    const idleSince = new Date(now.getTime() - SESSION_IDLE_MS).toISOString();
    query = query.where(sql<string>`coalesce(sessions.last_seen_at, sessions.created_at)`, ">", idleSince);
  }
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const { last_seen_at, ...user } = row;
  if (!last_seen_at || now.getTime() - Date.parse(last_seen_at) >= TOUCH_EVERY_MS) {
    await db.updateTable("sessions").set({ last_seen_at: now.toISOString() }).where("id", "=", id).execute();
  }
  return user;
}

/** Revokes one token. Returns whether a row was deleted. */
export async function deleteSession(db: DB, token: string): Promise<boolean> {
  return deletedAny(db.deleteFrom("sessions").where("id", "=", hashToken(token)));
}

/** Deletes expired (and long idle) browser sessions, pending sign-ins and API tokens; returns how many. */
export async function deleteExpiredSessions(db: DB, now: Date = nowDate()): Promise<number> {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS).toISOString();
  return deletedCount(
    db
      .deleteFrom("sessions")
      .where((eb) =>
        eb.or([
          eb("expires_at", "<=", now.toISOString()),
          eb.and([eb("kind", "=", "web"), eb(sql<string>`coalesce(last_seen_at, created_at)`, "<=", idleSince)]),
        ]),
      ),
  );
}

export interface SessionSummary {
  /** The row's id (a hash of the token, which cannot be turned back into it). */
  id: string;
  kind: "web" | "api";
  createdAt: string;
  lastSeenAt: string | null;
  userAgent: string | null;
  /** How a browser session was signed in (0037); null for API tokens and older sessions. */
  via: SignInVia | null;
}

/** A person's live browser sessions and API tokens, most recently used first. */
export async function listUserSessions(db: DB, userId: number, now: Date = nowDate()): Promise<SessionSummary[]> {
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "kind", "created_at", "last_seen_at", "user_agent", "via"])
    .where("user_id", "=", userId)
    .where("pending", "=", 0)
    .where("expires_at", ">", now.toISOString())
    .orderBy(sql`coalesce(last_seen_at, created_at)`, "desc")
    .execute();
  return rows.map(camelRow);
}

/** Ends one of the person's sessions by its row id; false when it was not theirs or is gone. */
export async function deleteUserSession(db: DB, userId: number, id: string): Promise<boolean> {
  return deletedAny(db.deleteFrom("sessions").where("user_id", "=", userId).where("id", "=", id));
}

/** Ends every session and token of the person except the one whose token is given. */
export async function deleteOtherSessions(db: DB, userId: number, keepToken: string | null): Promise<number> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepToken) query = query.where("id", "!=", hashToken(keepToken));
  return deletedCount(query);
}

/**
 * The team now requires two-step sign-in: ends every browser session and API token of people with
 * neither an authenticator app nor a passkey, and every API token of people without the app (the
 * API's second step is a code). `keepId` (a row id): the admin's own browser session, kept so they
 * are sent to set it up rather than signed out. Returns how many ended.
 */
export async function deleteSessionsWithoutTwoStep(db: DB, keepId: string | null): Promise<number> {
  let query = db.deleteFrom("sessions").where((eb) =>
    eb.or([
      eb(
        "user_id",
        "in",
        eb
          .selectFrom("users")
          .select("users.id")
          .where("users.totp_enabled_at", "is", null)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom("passkeys").select("passkeys.id").whereRef("passkeys.user_id", "=", "users.id"))),
          ),
      ),
      eb.and([
        eb("kind", "=", "api"),
        eb("user_id", "in", eb.selectFrom("users").select("users.id").where("users.totp_enabled_at", "is", null)),
      ]),
    ]),
  );
  if (keepId) query = query.where("id", "!=", keepId);
  return deletedCount(query);
}
