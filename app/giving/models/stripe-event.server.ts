import type { DB } from "~/infra/db.server";
import { deletedCount } from "~/infra/row-count.server";
import { nowIsoString } from "~/infra/clock.server";

/**
 * Records a Stripe webhook event as handled; false when it already was. Call it first in the
 * transaction that records the event's effect: a replay then changes nothing, and an effect
 * that failed leaves no row, so Stripe's retry handles it again.
 */
export async function claimStripeEvent(
  db: DB,
  id: string,
  type: string,
  now: string = nowIsoString(),
): Promise<boolean> {
  const result = await db
    .insertInto("stripe_events")
    .values({ id, type, received_at: now })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Marks a handled event "needs attention": it was not taken as money, and staff should look at it in Stripe. */
export async function noteStripeEventAttention(
  db: DB,
  id: string,
  attention: string,
  pledgeId: number | null,
): Promise<void> {
  await db
    .updateTable("stripe_events")
    .set({ attention: attention.slice(0, 1000), pledge_id: pledgeId })
    .where("id", "=", id)
    .execute();
}

export interface StripeEventAttention {
  id: string;
  type: string;
  receivedAt: string;
  attention: string;
  pledgeId: number | null;
}

/** The events that need staff's attention, newest first. */
export async function listStripeEventsNeedingAttention(db: DB, limit = 50): Promise<StripeEventAttention[]> {
  const rows = await db
    .selectFrom("stripe_events")
    .select(["id", "type", "received_at", "attention", "pledge_id"])
    .where("attention", "is not", null)
    .orderBy("received_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    receivedAt: row.received_at,
    attention: row.attention!,
    pledgeId: row.pledge_id,
  }));
}

/**
 * Forgets handled event ids older than `before`. Stripe retries an event for 3 days, and an
 * event signed more than 5 minutes ago is refused anyway, so a week's ids are plenty. Events
 * that need staff's attention stay.
 */
export async function deleteOldStripeEvents(db: DB, before: Date): Promise<number> {
  return deletedCount(
    db.deleteFrom("stripe_events").where("received_at", "<", before.toISOString()).where("attention", "is", null),
  );
}
