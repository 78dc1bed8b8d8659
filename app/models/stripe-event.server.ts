import type { DB } from "~/infra/db.server";
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

/**
 * Forgets handled event ids older than `before`. Stripe retries an event for 3 days, and an
 * event signed more than 5 minutes ago is refused anyway, so a week's ids are plenty.
 */
export async function deleteOldStripeEvents(db: DB, before: Date): Promise<number> {
  const result = await db
    .deleteFrom("stripe_events")
    .where("received_at", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
