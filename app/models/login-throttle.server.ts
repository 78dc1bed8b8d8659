import { nowDate } from "~/infra/clock.server";
import { immediateTransaction, type DB } from "~/infra/db.server";

// Counters live in SQLite so restarting the server does not reset a lock-out.
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per username within the window; the next attempt is refused. */
export const MAX_FAILURES_PER_USERNAME = 5;
/** Failures allowed per client (any usernames) within the window: one client cannot spray. */
export const MAX_FAILURES_PER_CLIENT = 20;
/**
 * Failures across all usernames and clients within the window from which staff are warned.
 * Never a refusal: a global counter would let anyone lock every account, the right password
 * included, with a hundred bad guesses.
 */
export const FAILURE_SURGE = 100;

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const key = (username: string) => username.trim().toLowerCase().slice(0, 200);

/** Who is trying: the username typed and the client (a keyed hash of its address). */
export interface LoginAttempt {
  username: string;
  client: string;
}

function failuresSince(db: DB, since: string, column: "username" | "client", value: string) {
  return db
    .selectFrom("login_failures")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("failed_at").as("oldest")])
    .where(column, "=", value)
    .where("failed_at", ">", since)
    .executeTakeFirstOrThrow();
}

export async function checkLoginThrottle(
  db: DB,
  attempt: LoginAttempt,
  now: Date = nowDate(),
): Promise<ThrottleDecision> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
  const perUser = await failuresSince(db, since, "username", key(attempt.username));
  const perClient = await failuresSince(db, since, "client", attempt.client);
  const blocked =
    Number(perUser.n) >= MAX_FAILURES_PER_USERNAME
      ? perUser
      : Number(perClient.n) >= MAX_FAILURES_PER_CLIENT
        ? perClient
        : null;
  if (!blocked) return { allowed: true };
  // Free again once the oldest failure in the window ages out.
  const freeAt = new Date(String(blocked.oldest)).getTime() + THROTTLE_WINDOW_MS;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
}

/**
 * Checks the throttle and, when the attempt may go ahead, counts it as a failure at once, in
 * one transaction and before the slow password hash: parallel guesses cannot all slip past
 * the check while the first are still hashing. A successful sign-in then clears the count.
 */
export async function admitLoginAttempt(
  db: DB,
  attempt: LoginAttempt,
  now: Date = nowDate(),
): Promise<ThrottleDecision> {
  return immediateTransaction(db, async (trx) => {
    const decision = await checkLoginThrottle(trx, attempt, now);
    if (decision.allowed) await recordLoginFailure(trx, attempt, now);
    return decision;
  });
}

/** Failures within the window across every username and client (for the surge warning). */
export async function countRecentLoginFailures(db: DB, now: Date = nowDate()): Promise<number> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
  const row = await db
    .selectFrom("login_failures")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("failed_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function recordLoginFailure(db: DB, attempt: LoginAttempt, now: Date = nowDate()): Promise<void> {
  await db
    .insertInto("login_failures")
    .values({ username: key(attempt.username), client: attempt.client, failed_at: now.toISOString() })
    .execute();
  // Keep the table small: anything older than the window no longer counts.
  await db
    .deleteFrom("login_failures")
    .where("failed_at", "<=", new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString())
    .execute();
}

export async function clearLoginFailures(db: DB, username: string): Promise<void> {
  await db.deleteFrom("login_failures").where("username", "=", key(username)).execute();
}

export function throttleMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
