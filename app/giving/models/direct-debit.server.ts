import type { DirectDebitState } from "../../../db/schema";
import type { DB } from "~/infra/db.server";

// A Direct Debit gift's mandate state on its pledge, and its failed collections and ended
// mandates (direct_debit_events, one row per Stripe object). Only SQL lives here.

export interface DirectDebitEvent {
  id: number;
  pledgeId: number;
  kind: "failed" | "ended";
  stripeId: string;
  occurredAt: string;
  reason: string;
  attempt: number | null;
  nextAttemptOn: string | null;
}

/** Sets a Direct Debit pledge's state (and the days given); an ended one stays ended. */
export async function setDirectDebitState(
  db: DB,
  pledgeId: number,
  state: DirectDebitState,
  days: { setUpOn?: string | null; nextCollectionOn?: string | null } = {},
): Promise<boolean> {
  const result = await db
    .updateTable("pledges")
    .set({
      dd_state: state,
      ...(days.setUpOn !== undefined ? { dd_set_up_on: days.setUpOn } : {}),
      ...(days.nextCollectionOn !== undefined ? { dd_next_collection_on: days.nextCollectionOn } : {}),
    })
    .where("id", "=", pledgeId)
    .where((eb) => eb.or([eb("dd_state", "is", null), eb("dd_state", "!=", "ended")]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records a failed collection or an ended mandate once: false when this Stripe object was recorded already. */
export async function addDirectDebitEvent(db: DB, event: Omit<DirectDebitEvent, "id">): Promise<boolean> {
  const row = await db
    .insertInto("direct_debit_events")
    .values({
      pledge_id: event.pledgeId,
      kind: event.kind,
      stripe_id: event.stripeId,
      occurred_at: event.occurredAt,
      reason: event.reason.slice(0, 500),
      attempt: event.attempt,
      next_attempt_on: event.nextAttemptOn,
    })
    .onConflict((conflict) => conflict.column("stripe_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

const toEvent = (row: {
  id: number;
  pledge_id: number;
  kind: "failed" | "ended";
  stripe_id: string;
  occurred_at: string;
  reason: string;
  attempt: number | null;
  next_attempt_on: string | null;
}): DirectDebitEvent => ({
  id: row.id,
  pledgeId: row.pledge_id,
  kind: row.kind,
  stripeId: row.stripe_id,
  occurredAt: row.occurred_at,
  reason: row.reason,
  attempt: row.attempt,
  nextAttemptOn: row.next_attempt_on,
});

/** A pledge's failed collections and ended mandate, newest first. */
export async function listDirectDebitEventsOfPledge(db: DB, pledgeId: number): Promise<DirectDebitEvent[]> {
  const rows = await db
    .selectFrom("direct_debit_events")
    .selectAll()
    .where("pledge_id", "=", pledgeId)
    .orderBy("occurred_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toEvent);
}

/** Failed collections and ended mandates since `since` (ISO), newest first, with the donor's name and reference. */
export async function listRecentDirectDebitEvents(db: DB, since: string, limit = 200) {
  const rows = await db
    .selectFrom("direct_debit_events")
    .innerJoin("pledges", "pledges.id", "direct_debit_events.pledge_id")
    .selectAll("direct_debit_events")
    .select(["pledges.reference", "pledges.first_name", "pledges.last_name", "pledges.amount_pence"])
    .where("direct_debit_events.occurred_at", ">=", since)
    .orderBy("direct_debit_events.occurred_at", "desc")
    .orderBy("direct_debit_events.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...toEvent(row),
    reference: row.reference,
    name: `${row.first_name} ${row.last_name}`.trim(),
    amountPence: row.amount_pence,
  }));
}

/** How many Direct Debit collections failed since `since` (the overview). */
export async function countFailedCollectionsSince(db: DB, since: string): Promise<number> {
  const row = await db
    .selectFrom("direct_debit_events")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("kind", "=", "failed")
    .where("occurred_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
