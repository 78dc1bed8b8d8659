import type { DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { recordAudit } from "~/site/index.server";
import { flagClaimRefund } from "~/gift-aid/index.server";
import {
  findClaimOfPayment,
  getPayment,
  insertPayment,
  refundedOfPayment,
  type Payment,
  type PaymentClaim,
  type PaymentMethod,
} from "~/giving/models/payment.server";
import { getPledge, refreshPledgeTotals, type Pledge } from "~/giving/models/pledge.server";
import type { CharitySettings } from "~/utils/charity-settings";
import { formatPence } from "~/utils/money";
import type { HandPaidWith } from "~/giving/utils/payment-method";
import type { GiftAidDeclarationCopy } from "~/mail/index.server";
import { queuePaymentThanks } from "./receipts.server";
import { queuePageOwnerGiftMail } from "~/causes/index.server";

// THE LEDGER: the one place money is recorded. Every payment and every refund, whatever its
// source (staff by hand, a bank statement import, a Stripe webhook), goes through
// recordPayment or recordRefund here, inside the caller's transaction: the row, the pledge's
// totals and status, the history entry and the donor's thank-you, the same way each time. No
// other module inserts a payment (docs/decisions/0024-one-ledger.md).

export interface NewPayment {
  pledgeId: number;
  receivedOn: string;
  amountPence: number;
  method: PaymentMethod;
  note?: string | null;
  bankLine?: string | null;
  /** The Stripe payment it records (payment intent, session or invoice id). */
  stripeId?: string | null;
  /** A payment recorded by hand: how it was paid, as staff said (cash, cheque…). */
  paidWith?: HandPaidWith | null;
}

/** The donor's thank-you: the charity's details (read before the transaction) and, for a first card payment, the declaration to quote. */
export interface Thanks {
  charity: CharitySettings;
  declarationCopy?: GiftAidDeclarationCopy | null;
}

export interface RecordedPayment {
  payment: Payment;
  /** The pledge before and after the payment. */
  before: Pledge;
  pledge: Pledge;
  thanked: boolean;
}

const HOW: Record<PaymentMethod, string> = {
  manual: "by hand",
  "bank-import": "from a bank statement",
  card: "by card through Stripe",
};

/** A payment in a pledge's history: "£25.00 received 2025-10-05, by hand; status pending → paid". */
export function paymentDetail(payment: Payment, before: Pledge, after: Pledge): string {
  const stripe = payment.method === "card" && payment.stripeId ? ` (${payment.stripeId})` : "";
  const change = before.status === after.status ? "" : `; status ${before.status} → ${after.status}`;
  return `${formatPence(Math.abs(payment.amountPence))} received ${payment.receivedOn}, ${HOW[payment.method]}${stripe}${change}`;
}

/** Ids and amounts only: never who the donor is. */
export function logPayment(
  event: "payment.recorded" | "payment.removed" | "payment.refunded",
  payment: Payment,
  message: string,
): void {
  logger.info(
    {
      event,
      pledge_id: payment.pledgeId,
      payment_id: payment.id,
      amount_pence: payment.amountPence,
      method: payment.method,
    },
    message,
  );
}

/**
 * Records money received against a pledge, inside the caller's transaction: the payment, the
 * pledge's totals and status, its history entry (by `actor`) and, with `thanks`, the donor's
 * thank-you e-mail (the history says whether one went). Undefined when the pledge does not exist.
 * The amount must be positive: money given back is a refund (recordRefund).
 */
export async function recordPayment(
  trx: DB,
  input: NewPayment,
  actor: string,
  thanks: Thanks | null = null,
): Promise<RecordedPayment | undefined> {
  if (!Number.isSafeInteger(input.amountPence) || input.amountPence <= 0) {
    throw new Error("A payment is a positive whole number of pence");
  }
  const before = await getPledge(trx, input.pledgeId);
  if (!before) return undefined;
  const payment = await insertPayment(trx, {
    pledgeId: input.pledgeId,
    receivedOn: input.receivedOn,
    amountPence: input.amountPence,
    method: input.method,
    note: input.note,
    bankLine: input.bankLine,
    stripeId: input.stripeId,
    paidWith: input.paidWith,
    recordedBy: actor,
  });
  const pledge = (await refreshPledgeTotals(trx, input.pledgeId))!;
  const thanked = thanks
    ? await queuePaymentThanks(trx, pledge, payment, thanks.charity, { declarationCopy: thanks.declarationCopy })
    : false;
  // A gift through a supporter's page: its owner hears of it as the money arrives.
  if (pledge.fundraisingPageId !== null) await queuePageOwnerGiftMail(trx, pledge, payment);
  await recordAudit(trx, {
    entity: "pledge",
    entityId: pledge.id,
    action: "payment.recorded",
    detail: `${paymentDetail(payment, before, pledge)}${thanked ? "; thank-you e-mailed" : "; no thank-you e-mail"}`,
    actor,
  });
  logPayment("payment.recorded", payment, "Payment recorded");
  return { payment, before, pledge, thanked };
}

export interface NewRefund {
  /** The payment given back, in part or whole. */
  paymentId: number;
  /** What is given back, positive pence. */
  amountPence: number;
  receivedOn: string;
  note?: string | null;
  /** The Stripe refund it records (unique). */
  stripeId?: string | null;
  /** Why staff gave it back (a refund by hand or by bank): kept in the pledge's history. */
  reason?: string | null;
}

export type RefundResult =
  | {
      ok: true;
      refund: Payment;
      original: Payment;
      before: Pledge;
      pledge: Pledge;
      /** The Gift Aid claim batch the refunded payment is in, which was flagged (HMRC must be told). */
      claim: PaymentClaim | null;
    }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "too-large"; refundablePence: number };

/**
 * Records money given back, inside the caller's transaction: a negative payment linked to the
 * payment it refunds (never more than is left of it), the pledge's totals (its status does not
 * go back to awaiting payment), and its history. When the refunded payment is in a Gift Aid
 * claim batch, the batch is flagged and its history says so: a submitted batch's over-claim is
 * deducted by the next batch (gift-aid-claims.server.ts, the adjustment).
 */
export async function recordRefund(trx: DB, input: NewRefund, actor: string): Promise<RefundResult> {
  if (!Number.isSafeInteger(input.amountPence) || input.amountPence <= 0) {
    throw new Error("A refund is a positive whole number of pence");
  }
  const original = await getPayment(trx, input.paymentId);
  if (!original || original.amountPence <= 0) return { ok: false, reason: "not-found" };
  const refundablePence = original.amountPence - (await refundedOfPayment(trx, original.id));
  if (input.amountPence > refundablePence) return { ok: false, reason: "too-large", refundablePence };
  const before = (await getPledge(trx, original.pledgeId))!;
  const refund = await insertPayment(trx, {
    pledgeId: original.pledgeId,
    receivedOn: input.receivedOn,
    amountPence: -input.amountPence,
    method: original.method,
    note: input.note,
    stripeId: input.stripeId,
    refundOf: original.id,
    recordedBy: actor,
  });
  const pledge = (await refreshPledgeTotals(trx, original.pledgeId))!;
  const claim = (await findClaimOfPayment(trx, original.id)) ?? null;
  let claimNote = "";
  if (claim) {
    const note = `Payment ${original.id} (${pledge.reference}, ${formatPence(original.amountPence)} received ${original.receivedOn}): ${formatPence(input.amountPence)} refunded on ${refund.receivedOn}. HMRC must be told${claim.submitted ? " (deducted from the next claim as an adjustment)" : " (delete and make this batch again before submitting it)"}.`;
    await flagClaimRefund(trx, claim.claimId, note);
    await recordAudit(trx, { entity: "claim", entityId: claim.claimId, action: "claim.refund", detail: note, actor });
    claimNote = `; the refunded payment is in Gift Aid claim ${claim.claimId}: HMRC must be told`;
  }
  const change = before.status === pledge.status ? "" : `; status ${before.status} → ${pledge.status}`;
  const via = original.method === "card" ? " through Stripe" : "";
  await recordAudit(trx, {
    entity: "pledge",
    entityId: pledge.id,
    action: "payment.refunded",
    detail: `${formatPence(input.amountPence)} refunded${via} on ${refund.receivedOn} (of ${formatPence(original.amountPence)} received ${original.receivedOn})${change}${claimNote}${input.reason ? `. Reason: ${input.reason}` : ""}`,
    actor,
  });
  logPayment("payment.refunded", refund, "Refund recorded");
  return { ok: true, refund, original, before, pledge, claim };
}
