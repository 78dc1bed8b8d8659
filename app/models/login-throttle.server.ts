import { immediateTransaction, type DB } from "~/infra/db.server";

// Counters live in SQLite so restarting the server does not reset a lock-out.
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failures allowed per username within the window; the next attempt is refused. */
export const MAX_FAILURES_PER_USERNAME = 5;
/** Failures allowed across all usernames within the window (guards against spraying). */
export const MAX_FAILURES_OVERALL = 100;

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const key = (username: string) => username.trim().toLowerCase().slice(0, 200);

export async function checkLoginThrottle(db: DB, username: string, now: Date = new Date()): Promise<ThrottleDecision> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
  const perUser = await db
    .selectFrom("login_failures")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("failed_at").as("oldest")])
    .where("username", "=", key(username))
    .where("failed_at", ">", since)
    .executeTakeFirstOrThrow();
  const overall = await db
    .selectFrom("login_failures")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("failed_at").as("oldest")])
    .where("failed_at", ">", since)
    .executeTakeFirstOrThrow();

  const blocked =
    Number(perUser.n) >= MAX_FAILURES_PER_USERNAME
      ? perUser
      : Number(overall.n) >= MAX_FAILURES_OVERALL
        ? overall
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
export async function admitLoginAttempt(db: DB, username: string, now: Date = new Date()): Promise<ThrottleDecision> {
  return immediateTransaction(db, async (trx) => {
    const decision = await checkLoginThrottle(trx, username, now);
    if (decision.allowed) await recordLoginFailure(trx, username, now);
    return decision;
  });
}

export async function recordLoginFailure(db: DB, username: string, now: Date = new Date()): Promise<void> {
  await db
    .insertInto("login_failures")
    .values({ username: key(username), failed_at: now.toISOString() })
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
