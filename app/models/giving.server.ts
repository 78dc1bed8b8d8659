import type { ExpressionBuilder } from "kysely";
import type { Database } from "../../db/schema";
import type { DB } from "~/infra/db.server";

// The queries behind donors' receipts, yearly giving statements and payment reminders. A donor
// is found by their key (app/utils/donor-key.ts): the pledge's e-mail trimmed and lower-cased,
// compared with lower(trim(...)) so it works the same on SQLite and PostgreSQL.

/** lower(trim(pledges.email)): the donor key of a pledge, in SQL. */
function pledgeDonorKey(eb: ExpressionBuilder<Database, "pledges">) {
  return eb.fn<string>("lower", [eb.fn<string>("trim", ["pledges.email"])]);
}

/** The Gift Aid declaration a gift's pledge carries, as the coverage rule needs it. */
export interface GiftDeclaration {
  declaredAt: string;
  coversPastFourYears: boolean;
  cancelledAt: string | null;
}

/** One payment on a donor's statement. */
export interface DonorGift {
  paymentId: number;
  pledgeId: number;
  reference: string;
  /** YYYY-MM-DD */
  receivedOn: string;
  /** Negative for a refund. */
  amountPence: number;
  /** A later refund gives this payment back (in part or whole). */
  refunded: boolean;
  declaration: GiftDeclaration | null;
}

/** A donor's payments received between two days (both included, YYYY-MM-DD), oldest first. */
export async function listDonorGifts(
  db: DB,
  donorKey: string,
  days: { first: string; last: string },
): Promise<DonorGift[]> {
  const rows = await db
    .selectFrom("payments")
    .innerJoin("pledges", "pledges.id", "payments.pledge_id")
    .leftJoin("gift_aid_declarations", "gift_aid_declarations.pledge_id", "payments.pledge_id")
    .where((eb) => eb(pledgeDonorKey(eb), "=", donorKey))
    .where("payments.received_on", ">=", days.first)
    .where("payments.received_on", "<=", days.last)
    .select((eb) => [
      "payments.id as payment_id",
      "payments.pledge_id",
      "pledges.reference",
      "payments.received_on",
      "payments.amount_pence",
      "gift_aid_declarations.declared_at",
      "gift_aid_declarations.covers_past_four_years",
      "gift_aid_declarations.cancelled_at",
      eb
        .exists(
          eb.selectFrom("payments as refunds").select("refunds.id").whereRef("refunds.refund_of", "=", "payments.id"),
        )
        .as("refunded"),
    ])
    .orderBy("payments.received_on", "asc")
    .orderBy("payments.id", "asc")
    .execute();
  return rows.map((row) => ({
    paymentId: row.payment_id,
    pledgeId: row.pledge_id,
    reference: row.reference,
    receivedOn: row.received_on,
    amountPence: row.amount_pence,
    // SQLite answers 0/1, PostgreSQL true/false.
    refunded: Boolean(Number(row.refunded)),
    declaration:
      row.declared_at === null
        ? null
        : {
            declaredAt: row.declared_at,
            coversPastFourYears: row.covers_past_four_years === 1,
            cancelledAt: row.cancelled_at,
          },
  }));
}

/**
 * One pledge per donor who gave (a payment of more than £0) between two days: their newest
 * pledge, which names them and anchors their statement link. In pledge id order.
 */
export async function listDonorPledgesWhoGave(db: DB, days: { first: string; last: string }): Promise<number[]> {
  const donors = await db
    .selectFrom("payments")
    .innerJoin("pledges", "pledges.id", "payments.pledge_id")
    .where("payments.received_on", ">=", days.first)
    .where("payments.received_on", "<=", days.last)
    .where("payments.amount_pence", ">", 0)
    .select((eb) => pledgeDonorKey(eb).as("donor_key"))
    .groupBy((eb) => pledgeDonorKey(eb))
    .execute();
  const keys = donors.map((row) => row.donor_key);
  const ids: number[] = [];
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom("pledges")
      .where((eb) => eb(pledgeDonorKey(eb), "in", keys.slice(i, i + 500)))
      .select((eb) => eb.fn.max<number>("pledges.id").as("newest"))
      .groupBy((eb) => pledgeDonorKey(eb))
      .execute();
    ids.push(...rows.map((row) => Number(row.newest)));
  }
  return ids.sort((a, b) => a - b);
}

/** The newest pledge of the donor with this key, or undefined. */
export async function findNewestPledgeIdOfDonor(db: DB, donorKey: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("pledges")
    .where((eb) => eb(pledgeDonorKey(eb), "=", donorKey))
    .select("id")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** The days (YYYY-MM-DD) of a donor's first and last payment, or undefined when they have none. */
export async function donorPaymentSpan(db: DB, donorKey: string): Promise<{ first: string; last: string } | undefined> {
  const row = await db
    .selectFrom("payments")
    .innerJoin("pledges", "pledges.id", "payments.pledge_id")
    .where((eb) => eb(pledgeDonorKey(eb), "=", donorKey))
    .select((eb) => [
      eb.fn.min<string>("payments.received_on").as("first"),
      eb.fn.max<string>("payments.received_on").as("last"),
    ])
    .executeTakeFirst();
  return row?.first && row.last ? { first: row.first, last: row.last } : undefined;
}

/**
 * Bank-transfer pledges made between two instants (ISO-8601, `madeAfter` included, `madeBefore`
 * included) that are not cancelled, have no payment at all, and were never reminded. Oldest first.
 */
export async function listPledgesToRemind(
  db: DB,
  window: { madeAfter: string; madeBefore: string },
  limit = 200,
): Promise<number[]> {
  const rows = await db
    .selectFrom("pledges")
    .where("pay_by", "=", "bank")
    .where("cancelled_at", "is", null)
    .where("reminder_sent_at", "is", null)
    .where("paid_pence", "=", 0)
    .where("created_at", ">=", window.madeAfter)
    .where("created_at", "<=", window.madeBefore)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("payments").select("payments.id").whereRef("payments.pledge_id", "=", "pledges.id"))),
    )
    .select("id")
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Marks a pledge reminded; false when it already was (another instance got there first). */
export async function markPledgeReminded(db: DB, pledgeId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("pledges")
    .set({ reminder_sent_at: at })
    .where("id", "=", pledgeId)
    .where("reminder_sent_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
