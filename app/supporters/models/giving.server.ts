import type { ExpressionBuilder } from "kysely";
import type { Database } from "../../../db/schema";
import type { DB } from "~/infra/db.server";
import { updatedAny } from "~/infra/row-count.server";
import { netPenceOf } from "~/giving/index.server";

// The queries behind donors' receipts, yearly giving statements and payment reminders. A donor
// is a supporter (app/supporters/models/supporter.server.ts): every pledge of theirs, under any of their
// e-mail addresses, carries their supporter id.

/** pledges.supporter_id: who the donor of a pledge is, in SQL. */
function pledgeDonorKey(eb: ExpressionBuilder<Database, "pledges">) {
  return eb.ref("pledges.supporter_id");
}

/** The supporter a pledge belongs to, or undefined when the pledge is gone. */
export async function donorOfPledge(db: DB, pledgeId: number): Promise<number | undefined> {
  const row = await db.selectFrom("pledges").select("supporter_id").where("id", "=", pledgeId).executeTakeFirst();
  return row?.supporter_id ?? undefined;
}

/** One gift on a donor's statement: what the donor kept of a payment (less its refunds). */
export interface DonorGift {
  paymentId: number;
  pledgeId: number;
  reference: string;
  /** YYYY-MM-DD */
  receivedOn: string;
  /** What the donor kept; negative only for an old refund linked to no payment. */
  amountPence: number;
  /** How it was paid: the payment's method and, by hand, what staff said; its pledge's way. */
  payment: { method: "manual" | "bank-import" | "card"; paidWith: PaidWith | null };
  pledge: { type: "one-time" | "monthly"; payBy: "bank" | "card"; directDebit: boolean };
}

type PaidWith = "bank-transfer" | "cheque" | "cash" | "other";

/**
 * A donor's gifts received between two days (both included, YYYY-MM-DD), oldest first, each net
 * of its refunds (whenever they came); a payment given back whole is no gift and is left out.
 */
export async function listDonorGifts(
  db: DB,
  donorKey: number,
  days: { first: string; last: string },
): Promise<DonorGift[]> {
  const rows = await db
    .selectFrom("payments")
    .innerJoin("pledges", "pledges.id", "payments.pledge_id")
    .where((eb) => eb(pledgeDonorKey(eb), "=", donorKey))
    .where("payments.received_on", ">=", days.first)
    .where("payments.received_on", "<=", days.last)
    // Refunds count with the payment they give back, not as rows of their own.
    .where((eb) => eb.or([eb("payments.amount_pence", ">", 0), eb("payments.refund_of", "is", null)]))
    .select((eb) => [
      "payments.id as payment_id",
      "payments.pledge_id",
      "pledges.reference",
      "payments.received_on",
      "payments.method",
      "payments.paid_with",
      "pledges.type",
      "pledges.pay_by",
      "pledges.stripe_method",
      netPenceOf(eb).as("net_pence"),
    ])
    .orderBy("payments.received_on", "asc")
    .orderBy("payments.id", "asc")
    .execute();
  return rows
    .map((row) => ({
      paymentId: row.payment_id,
      pledgeId: row.pledge_id,
      reference: row.reference,
      receivedOn: row.received_on,
      amountPence: Number(row.net_pence),
      payment: { method: row.method, paidWith: row.paid_with },
      pledge: { type: row.type, payBy: row.pay_by, directDebit: row.stripe_method === "bacs_debit" },
    }))
    .filter((gift) => gift.amountPence !== 0);
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
    .where("pledges.supporter_id", "is not", null)
    .select((eb) => pledgeDonorKey(eb).as("donor_key"))
    .groupBy((eb) => pledgeDonorKey(eb))
    .execute();
  const keys = donors.map((row) => row.donor_key!);
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

/** The newest pledge of the donor (supporter), or undefined. */
export async function findNewestPledgeIdOfDonor(db: DB, donorKey: number): Promise<number | undefined> {
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
export async function donorPaymentSpan(db: DB, donorKey: number): Promise<{ first: string; last: string } | undefined> {
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
  return updatedAny(
    db
      .updateTable("pledges")
      .set({ reminder_sent_at: at })
      .where("id", "=", pledgeId)
      .where("reminder_sent_at", "is", null),
  );
}
