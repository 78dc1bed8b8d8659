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

/**
 * An admitted attempt carries how many failures the window held once it was counted: each
 * admitted attempt gets its own number (they are counted one at a time), so a threshold such
 * as FAILURE_SURGE is crossed by exactly one attempt, however many arrive together.
 */
export type ThrottleDecision = { allowed: true; failures: number } | { allowed: false; retryAfterSeconds: number };

/** Limits of one kind of attempt: failures per name and per client within the window. */
export interface ThrottleLimits {
  perName: number;
  perClient: number;
}

const SIGN_IN_LIMITS: ThrottleLimits = { perName: MAX_FAILURES_PER_USERNAME, perClient: MAX_FAILURES_PER_CLIENT };

const key = (username: string) => username.trim().toLowerCase().slice(0, 200);

/**
 * Who is trying: the username typed, the client (a keyed hash of its address) and the browser's
 * known-device id when it has one. A browser that has signed in as this person before
 * (`knownDevice`) is held only to its own failures: with a device id, those that came from that
 * browser (for the name, and across names for the per-client limit), so others behind the same
 * address (an office's shared NAT) never lock it out; with an older cookie that has no id yet,
 * those that came from its client.
 */
export interface LoginAttempt {
  username: string;
  client: string;
  device?: string | null;
  knownDevice?: boolean;
}

function failuresSince(db: DB, since: string, where: { username?: string; client?: string; device?: string }) {
  let query = db
    .selectFrom("login_failures")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("failed_at").as("oldest")])
    .where("failed_at", ">", since);
  if (where.username !== undefined) query = query.where("username", "=", where.username);
  if (where.client !== undefined) query = query.where("client", "=", where.client);
  if (where.device !== undefined) query = query.where("device", "=", where.device);
  return query.executeTakeFirstOrThrow();
}

export async function checkLoginThrottle(
  db: DB,
  attempt: LoginAttempt,
  now: Date = nowDate(),
  limits: ThrottleLimits = SIGN_IN_LIMITS,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS).toISOString();
  const device = attempt.knownDevice && attempt.device ? attempt.device : undefined;
  const ownOnly = device !== undefined ? { device } : attempt.knownDevice ? { client: attempt.client } : {};
  const perUser = await failuresSince(db, since, { username: key(attempt.username), ...ownOnly });
  const perClient = await failuresSince(db, since, device !== undefined ? { device } : { client: attempt.client });
  const blocked =
    Number(perUser.n) >= limits.perName ? perUser : Number(perClient.n) >= limits.perClient ? perClient : null;
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
  limits: ThrottleLimits = SIGN_IN_LIMITS,
): Promise<ThrottleDecision> {
  return immediateTransaction(db, async (trx) => {
    const decision = await checkLoginThrottle(trx, attempt, now, limits);
    if (!decision.allowed) return decision;
    await recordLoginFailure(trx, attempt, now);
    return { allowed: true, failures: await countRecentLoginFailures(trx, now) };
  });
}

/** Whether the attempt that brought the window's failures to `failures` crossed a multiple of `threshold`. */
export function crossesThreshold(failures: number, threshold: number): boolean {
  return Math.floor((failures - 1) / threshold) < Math.floor(failures / threshold);
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
    .values({
      username: key(attempt.username),
      client: attempt.client,
      device: attempt.device ?? null,
      failed_at: now.toISOString(),
    })
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
