import type { DB } from "~/infra/db.server";
import { countPledges } from "~/giving/index.server";

// Live figures for the staff Statistics tab and the dashboard's overview.

/**
 * Pledges awaiting payment: a one-time gift not yet covered, a monthly gift awaiting its first
 * payment (not yet lapsed). The Donations list's "Awaiting payment" filter, counted.
 */
export async function countPendingPledges(db: DB): Promise<number> {
  return countPledges(db, { status: "pending" });
}

/** Pence received on calendar days from `from` (inclusive) to `to` (exclusive), YYYY-MM-DD. */
export async function sumPaymentsReceived(db: DB, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom("payments")
    .select((eb) => eb.fn.sum<number | null>("amount_pence").as("total"))
    .where("received_on", ">=", from)
    .where("received_on", "<", to)
    .executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}

export async function countNewsletterSubscribers(db: DB): Promise<number> {
  // Confirmed addresses only: a pending sign-up has not proved it wants the newsletter yet.
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "confirmed")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Messages the outbox gave up on. */
export async function countFailedMail(db: DB): Promise<number> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "failed")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Published articles whose time has not come yet. */
export async function countScheduledArticles(db: DB, now: string): Promise<number> {
  const row = await db
    .selectFrom("news")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "published")
    .where("publish_at", ">", now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Money received per UK calendar day from `from` (YYYY-MM-DD, inclusive) on, net of refunds, by day. */
export async function paymentTotalsByDay(db: DB, from: string): Promise<{ day: string; pence: number }[]> {
  const rows = await db
    .selectFrom("payments")
    .select((eb) => ["received_on", eb.fn.sum<number>("amount_pence").as("total")])
    .where("received_on", ">=", from)
    .groupBy("received_on")
    .orderBy("received_on")
    .execute();
  return rows.map((row) => ({ day: row.received_on, pence: Number(row.total) }));
}

/** Donations in Gift Aid claim batches per donation day (the Gift Aid schedule's date), by day. */
export async function claimedDonationsByDay(db: DB): Promise<{ day: string; pence: number }[]> {
  const rows = await db
    .selectFrom("gift_aid_claim_items")
    .select((eb) => ["donation_date", eb.fn.sum<number>("amount_pence").as("total")])
    .groupBy("donation_date")
    .orderBy("donation_date")
    .execute();
  return rows.map((row) => ({ day: row.donation_date, pence: Number(row.total) }));
}
