import type { DB } from "~/infra/db.server";

// Live figures for the staff Statistics tab and the dashboard's overview.

/**
 * Pledges still waiting for money: not cancelled, and for a one-time gift payments short of
 * the amount, for a monthly standing order no payment yet.
 */
export async function countPendingPledges(db: DB, options: { madeBefore?: string } = {}): Promise<number> {
  let query = db
    .selectFrom("pledges")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("pledges.cancelled_at", "is", null);
  if (options.madeBefore) query = query.where("pledges.created_at", "<", options.madeBefore);
  const row = await query
    .where((eb) => {
      const paid = eb
        .selectFrom("payments")
        .select((p) => p.fn.coalesce(p.fn.sum<number>("payments.amount_pence"), p.lit(0)).as("paid"))
        .whereRef("payments.pledge_id", "=", "pledges.id");
      return eb.or([
        eb.and([eb("pledges.type", "=", "one-time"), eb(paid, "<", eb.ref("pledges.amount_pence"))]),
        eb.and([
          eb("pledges.type", "=", "monthly"),
          eb.not(
            eb.exists(
              eb.selectFrom("payments").select("payments.id").whereRef("payments.pledge_id", "=", "pledges.id"),
            ),
          ),
        ]),
      ]);
    })
    .executeTakeFirstOrThrow();
  return Number(row.n);
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

/**
 * Monthly gifts not cancelled whose last payment arrived before `lastPaymentBefore` (a UK
 * calendar day), or which were made before `madeBefore` and have had no payment at all.
 */
export async function countQuietMonthlyPledges(
  db: DB,
  { lastPaymentBefore, madeBefore }: { lastPaymentBefore: string; madeBefore: string },
): Promise<number> {
  const row = await db
    .selectFrom("pledges")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("pledges.type", "=", "monthly")
    .where("pledges.cancelled_at", "is", null)
    .where((eb) => {
      const last = eb
        .selectFrom("payments")
        .select((p) => p.fn.max("payments.received_on").as("last"))
        .whereRef("payments.pledge_id", "=", "pledges.id");
      return eb.or([
        eb(last, "<", lastPaymentBefore),
        eb.and([eb(last, "is", null), eb("pledges.created_at", "<", madeBefore)]),
      ]);
    })
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
