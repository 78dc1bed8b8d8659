import type { Selectable } from "kysely";
import type { CheckoutRequestsTable } from "../../../db/schema";
import type { DB } from "~/infra/db.server";
import { updatedAny } from "~/infra/row-count.server";
import { camelRow, type CamelRow } from "~/utils/row-shape";

/** A card gift's request for a Checkout Session (columns described in db/schema.ts), camelCase. */
export type CheckoutRequest = CamelRow<Selectable<CheckoutRequestsTable>>;

/**
 * The request of a new card pledge, written in the pledge's own transaction (no card pledge
 * without one). `claimMs`: the donor's request tries at once and holds it that long (its try
 * is counted in the shared pace); null: the queue makes the session.
 */
export async function insertCheckoutRequest(trx: DB, pledgeId: number, now: Date, claimMs: number | null) {
  const at = now.toISOString();
  await trx
    .insertInto("checkout_requests")
    .values({
      pledge_id: pledgeId,
      requested_at: at,
      next_try_at: at,
      lease_until: claimMs === null ? null : new Date(now.getTime() + claimMs).toISOString(),
      last_tried_at: claimMs === null ? null : at,
      tries: claimMs === null ? 0 : 1,
    })
    .execute();
}

export async function getCheckoutRequest(db: DB, pledgeId: number): Promise<CheckoutRequest | undefined> {
  const row = await db.selectFrom("checkout_requests").selectAll().where("pledge_id", "=", pledgeId).executeTakeFirst();
  return row ? camelRow(row) : undefined;
}

/** Tries any instance made since `since` (what the shared pace counts), and the oldest's time. */
export async function countCheckoutTriesSince(db: DB, since: Date): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom("checkout_requests")
    .select((eb) => [eb.fn.countAll<number | string>().as("count"), eb.fn.min("last_tried_at").as("oldest")])
    .where("last_tried_at", ">=", since.toISOString())
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest };
}

/**
 * Claims up to `limit` waiting requests, oldest first: each gets a lease and one more try
 * counted. Each claim is a conditional update, so two instances never both hold one request.
 */
export async function claimDueCheckouts(db: DB, now: Date, leaseMs: number, limit: number): Promise<number[]> {
  const at = now.toISOString();
  const candidates = await db
    .selectFrom("checkout_requests")
    .select("pledge_id")
    .where("checkout_url", "is", null)
    .where("failed_at", "is", null)
    .where("next_try_at", "<=", at)
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", at)]))
    .orderBy("next_try_at")
    .orderBy("pledge_id")
    .limit(limit)
    .execute();
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  const claimed: number[] = [];
  for (const { pledge_id } of candidates) {
    const leased = await updatedAny(
      db
        .updateTable("checkout_requests")
        .set((eb) => ({ lease_until: leaseUntil, tries: eb("tries", "+", 1), last_tried_at: at }))
        .where("pledge_id", "=", pledge_id)
        .where("checkout_url", "is", null)
        .where("failed_at", "is", null)
        .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<=", at)])),
    );
    if (leased) claimed.push(pledge_id);
  }
  return claimed;
}

/** The session is made: the wait page sends the donor to `url`. */
export async function markCheckoutMade(db: DB, pledgeId: number, url: string): Promise<void> {
  await db
    .updateTable("checkout_requests")
    .set({ checkout_url: url, lease_until: null, last_error: null })
    .where("pledge_id", "=", pledgeId)
    .execute();
}

/** A failed try: waiting again from `retryAt`, or given up when it is null. */
export async function recordCheckoutFailure(
  db: DB,
  pledgeId: number,
  error: string,
  retryAt: Date | null,
  now: Date,
): Promise<void> {
  await db
    .updateTable("checkout_requests")
    .set(
      retryAt
        ? { last_error: error, lease_until: null, next_try_at: retryAt.toISOString() }
        : { last_error: error, lease_until: null, failed_at: now.toISOString() },
    )
    .where("pledge_id", "=", pledgeId)
    .execute();
}

/** The donor asks again ("Try the card payment again"): waiting again now, with a fresh count of tries. */
export async function requeueCheckout(db: DB, pledgeId: number, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("checkout_requests")
    .values({ pledge_id: pledgeId, requested_at: at, next_try_at: at, tries: 0 })
    .onConflict((conflict) =>
      conflict
        .column("pledge_id")
        .doUpdateSet({ next_try_at: at, failed_at: null, tries: 0, lease_until: null, last_error: null }),
    )
    .execute();
}
