import { nowIsoString } from "~/infra/clock.server";
import type { ExpressionBuilder, Selectable } from "kysely";
import type { Database, PaymentsTable } from "../../../db/schema";
import type { DB } from "~/infra/db.server";
import { deletedAny } from "~/infra/row-count.server";
import { camelRow, snakeRow, type CamelRow } from "~/utils/row-shape";

export type PaymentMethod = PaymentsTable["method"];

/** A payment received against a pledge: its row (db/schema.ts PaymentsTable, where each column is described), camelCase. */
export type Payment = CamelRow<Selectable<PaymentsTable>>;

export interface PaymentInput {
  pledgeId: number;
  receivedOn: string;
  amountPence: number;
  method: PaymentMethod;
  bankLine?: string | null;
  note?: string | null;
  recordedBy: string;
  stripeId?: string | null;
  refundOf?: number | null;
  /** A payment recorded by hand: how it was paid (cash, cheque…). */
  paidWith?: Payment["paidWith"];
}

/**
 * What the donor kept of a payment, in SQL: its amount less every refund linked to it (what Gift
 * Aid, statements and supporter pages count as the gift). Bigint on PostgreSQL: read it with Number().
 */
export function netPenceOf(eb: ExpressionBuilder<Database, "payments">) {
  return eb(
    eb.ref("payments.amount_pence"),
    "+",
    eb.fn.coalesce(
      eb
        .selectFrom("payments as refunds")
        .select((r) => r.fn.sum<number>("refunds.amount_pence").as("refunded"))
        .whereRef("refunds.refund_of", "=", "payments.id"),
      eb.lit(0),
    ),
  );
}

const toPayment = (row: Selectable<PaymentsTable>): Payment => camelRow(row);

/**
 * Inserts one payment or refund. Called by the ledger alone (app/giving/services/ledger.server.ts),
 * which refreshes the pledge's totals in the same transaction
 * (refreshPledgeTotals). A bank line recorded before violates the unique index and throws.
 */
export async function insertPayment(db: DB, input: PaymentInput, now: string = nowIsoString()): Promise<Payment> {
  // Named one by one: a caller's object may carry more than the columns (a form's other fields).
  const { pledgeId, receivedOn, amountPence, method, recordedBy, bankLine, note, stripeId, refundOf, paidWith } = input;
  const row = await db
    .insertInto("payments")
    .values(
      snakeRow({
        pledgeId,
        receivedOn,
        amountPence,
        method,
        recordedBy,
        createdAt: now,
        bankLine: bankLine ?? null,
        note: note ?? null,
        stripeId: stripeId ?? null,
        refundOf: refundOf ?? null,
        paidWith: method === "manual" ? (paidWith ?? null) : null,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPayment(row);
}

/** A pledge's payments, oldest first. */
export async function listPaymentsForPledge(db: DB, pledgeId: number): Promise<Payment[]> {
  const rows = await db
    .selectFrom("payments")
    .selectAll()
    .where("pledge_id", "=", pledgeId)
    .orderBy("received_on", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(toPayment);
}

/** The payment recording this Stripe payment (payment intent or invoice id), if any. */
export async function findPaymentByStripeId(db: DB, stripeId: string): Promise<Payment | undefined> {
  const row = await db.selectFrom("payments").selectAll().where("stripe_id", "=", stripeId).executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

/** The pledge's latest card payment that is not a refund (a refund of a monthly gift's charge). */
export async function findLatestCardPayment(db: DB, pledgeId: number, exceptId?: number): Promise<Payment | undefined> {
  let query = db.selectFrom("payments").selectAll().where("pledge_id", "=", pledgeId);
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  const row = await query
    .where("method", "=", "card")
    .where("amount_pence", ">", 0)
    .orderBy("received_on", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

/** What has been refunded so far of one Stripe charge (positive pence), from its refund rows. */
export async function refundedSoFar(db: DB, refundIdPrefix: string): Promise<number> {
  const row = await db
    .selectFrom("payments")
    .select((eb) => eb.fn.sum<number | null>("amount_pence").as("total"))
    .where("stripe_id", "like", `${refundIdPrefix}%`)
    .executeTakeFirst();
  return -Number(row?.total ?? 0);
}

/** What has been refunded so far of one payment (positive pence), from the refunds linked to it. */
export async function refundedOfPayment(db: DB, paymentId: number): Promise<number> {
  const row = await db
    .selectFrom("payments")
    .select((eb) => eb.fn.sum<number | null>("amount_pence").as("total"))
    .where("refund_of", "=", paymentId)
    .executeTakeFirst();
  return -Number(row?.total ?? 0);
}

export async function getPayment(db: DB, id: number): Promise<Payment | undefined> {
  const row = await db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toPayment(row) : undefined;
}

/** The Gift Aid claim batch a payment is in, and whether that batch went to HMRC. */
export interface PaymentClaim {
  claimId: number;
  submitted: boolean;
  /** The donation the batch claimed on (what the donor had kept when it was made), in pence. */
  claimedPence: number;
}

/** The claim batch of each of these payments that is in one (a payment is in at most one, ever). */
export async function listClaimsOfPayments(db: DB, paymentIds: readonly number[]): Promise<Map<number, PaymentClaim>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("gift_aid_claim_items")
    .innerJoin("gift_aid_claims", "gift_aid_claims.id", "gift_aid_claim_items.claim_id")
    .select([
      "gift_aid_claim_items.payment_id",
      "gift_aid_claim_items.amount_pence",
      "gift_aid_claims.id as claim_id",
      "gift_aid_claims.submitted_on",
    ])
    .where("gift_aid_claim_items.payment_id", "in", paymentIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.payment_id,
      { claimId: row.claim_id, submitted: row.submitted_on !== null, claimedPence: Number(row.amount_pence) },
    ]),
  );
}

/** The claim batch a payment is in, if any. */
export async function findClaimOfPayment(db: DB, paymentId: number): Promise<PaymentClaim | undefined> {
  return (await listClaimsOfPayments(db, [paymentId])).get(paymentId);
}

/**
 * Deletes a payment (recorded by mistake). Its bank-line fingerprint goes with the row, so that
 * statement line is importable again. The caller refreshes the pledge's totals in the same
 * transaction. False when there was no such payment.
 */
export async function deletePayment(db: DB, id: number): Promise<boolean> {
  return deletedAny(db.deleteFrom("payments").where("id", "=", id));
}

/** Which of these bank-line fingerprints are already recorded. */
export async function findRecordedBankLines(db: DB, fingerprints: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const unique = [...new Set(fingerprints)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom("payments")
      .select("bank_line")
      .where("bank_line", "in", unique.slice(i, i + 500))
      .execute();
    for (const row of rows) if (row.bank_line) found.add(row.bank_line);
  }
  return found;
}

export interface PaymentExportRow extends Payment {
  reference: string;
  /** What the pledge was given to (0026): an appeal or a supporter's page, or neither. */
  appealId: number | null;
  fundraisingPageId: number | null;
  type: "one-time" | "monthly";
  firstName: string;
  lastName: string;
  email: string;
  /** Its pledge is a Direct Debit gift (a Stripe payment of one is a Direct Debit collection). */
  directDebit: boolean;
  /** How its pledge is paid: by bank, or a Stripe gift. */
  payBy: "bank" | "card";
}

/** Received days to export, both inclusive (YYYY-MM-DD, as `received_on` holds them); either may be left open. */
export interface ReceivedRange {
  from?: string;
  to?: string;
  /** Only payments (and refunds) of this method. */
  method?: PaymentMethod;
}

/** Every payment (received within the range) with its pledge's reference and donor, in id order, in batches. */
export async function* iteratePaymentsWithPledges(
  db: DB,
  range: ReceivedRange = {},
  batch = 1000,
): AsyncGenerator<PaymentExportRow[]> {
  for (let lastId = 0; ;) {
    let query = db
      .selectFrom("payments")
      .innerJoin("pledges", "pledges.id", "payments.pledge_id")
      .selectAll("payments")
      .select([
        "pledges.reference",
        "pledges.type",
        "pledges.first_name",
        "pledges.last_name",
        "pledges.email",
        "pledges.appeal_id",
        "pledges.fundraising_page_id",
        "pledges.stripe_method",
        "pledges.pay_by",
      ])
      .where("payments.id", ">", lastId);
    if (range.from) query = query.where("payments.received_on", ">=", range.from);
    if (range.to) query = query.where("payments.received_on", "<=", range.to);
    if (range.method) query = query.where("payments.method", "=", range.method);
    const rows = await query.orderBy("payments.id", "asc").limit(batch).execute();
    if (rows.length) {
      yield rows.map((row) => ({
        ...toPayment(row),
        reference: row.reference,
        appealId: row.appeal_id,
        fundraisingPageId: row.fundraising_page_id,
        type: row.type,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        directDebit: row.stripe_method === "bacs_debit",
        payBy: row.pay_by,
      }));
      lastId = rows[rows.length - 1].id;
    }
    if (rows.length < batch) return;
  }
}

/** The range's conditions (received days both inclusive, a method), for the Payments list. */
function inRange(eb: ExpressionBuilder<Database, "payments">, range: ReceivedRange) {
  const conditions = [];
  if (range.from) conditions.push(eb("payments.received_on", ">=", range.from));
  if (range.to) conditions.push(eb("payments.received_on", "<=", range.to));
  if (range.method) conditions.push(eb("payments.method", "=", range.method));
  return eb.and(conditions);
}

/** A payment or refund as the Payments list shows it: with its pledge's reference and donor. */
export interface PaymentListRow extends Payment {
  reference: string;
  firstName: string;
  lastName: string;
}

/**
 * One page of the payments and refunds received within the range, newest day first (then the
 * latest recorded first), with how many there are in all.
 */
export async function listPaymentsInRange(
  db: DB,
  range: ReceivedRange,
  page: { offset: number; limit: number },
): Promise<{ rows: PaymentListRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("payments")
      .innerJoin("pledges", "pledges.id", "payments.pledge_id")
      .selectAll("payments")
      .select(["pledges.reference", "pledges.first_name", "pledges.last_name"])
      .where((eb) => inRange(eb, range))
      .orderBy("payments.received_on", "desc")
      .orderBy("payments.id", "desc")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom("payments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where((eb) => inRange(eb, range))
      .executeTakeFirst(),
  ]);
  return {
    rows: rows.map((row) => ({
      ...toPayment(row),
      reference: row.reference,
      firstName: row.first_name,
      lastName: row.last_name,
    })),
    total: Number(count?.n ?? 0),
  };
}

/** What one method brought in on one day: money in less money given back that day, in pence. */
export interface DayMethodTotal {
  receivedOn: string;
  method: PaymentMethod;
  /** Net: payments less the refunds paid out that day (what the bank shows for the day). */
  netPence: number;
  inPence: number;
  refundedPence: number;
  payments: number;
  refunds: number;
}

/**
 * The totals by received day and method within the range (every day, or only `days`): each
 * refund counts on the day it was given back, so a day's net is what the account moved that day.
 */
export async function sumPaymentsByDayAndMethod(
  db: DB,
  range: ReceivedRange,
  days?: readonly string[],
): Promise<DayMethodTotal[]> {
  if (days && days.length === 0) return [];
  let query = db
    .selectFrom("payments")
    .select((eb) => [
      "payments.received_on",
      "payments.method",
      eb.fn.sum<number>("payments.amount_pence").as("net"),
      eb.fn
        .sum<number>(
          eb.case().when("payments.amount_pence", ">", 0).then(eb.ref("payments.amount_pence")).else(0).end(),
        )
        .as("in_pence"),
      eb.fn.sum<number>(eb.case().when("payments.amount_pence", ">", 0).then(1).else(0).end()).as("payments"),
      eb.fn.countAll<number>().as("rows"),
    ])
    .where((eb) => inRange(eb, range));
  if (days) query = query.where("payments.received_on", "in", [...days]);
  const rows = await query
    .groupBy(["payments.received_on", "payments.method"])
    .orderBy("payments.received_on", "desc")
    .orderBy("payments.method", "asc")
    .execute();
  return rows.map((row) => {
    const netPence = Number(row.net);
    const inPence = Number(row.in_pence);
    const payments = Number(row.payments);
    return {
      receivedOn: row.received_on,
      method: row.method,
      netPence,
      inPence,
      refundedPence: inPence - netPence,
      payments,
      refunds: Number(row.rows) - payments,
    };
  });
}
