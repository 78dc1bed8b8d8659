import { listAudit, recordAudit, type AuditEvent } from "~/site/index.server";
import {
  deletePayment,
  findClaimOfPayment,
  getPayment,
  listClaimsOfPayments,
  listPaymentsForPledge,
  refundedOfPayment,
  type Payment,
  type PaymentClaim,
} from "~/giving/models/payment.server";
import {
  getPledge,
  getPledgeByReference,
  listPledges,
  markPledgeCancelled,
  refreshPledgeTotals,
  type Pledge,
  type PledgeQuery,
} from "~/giving/models/pledge.server";
import { getDb, immediateTransaction } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { pagesChanged } from "~/site/index.server";
import { isPaidInFull, PLEDGES_PER_PAGE } from "~/giving/schemas/donations";
import { getCharitySettings } from "~/site/index.server";
import { logPayment, paymentDetail, recordPayment, recordRefund, type NewPayment } from "./ledger.server";
import { Refusal } from "~/utils/refusal";
import { donationRefusals } from "~/content/admin";

/** A pledge or payment change refused: nothing by that number (404), or the pledge's or payment's state (409). */
export class DonationError extends Refusal {}

// Staff use cases for pledges and payments. Every change and its audit event commit in one
// transaction; the log gets ids and amounts, never who the donor is.

export async function findPledgesPage(query: PledgeQuery, page: number) {
  const { pledges, total } = await listPledges(getDb(), query, {
    offset: (page - 1) * PLEDGES_PER_PAGE,
    limit: PLEDGES_PER_PAGE,
  });
  return { pledges, total, pageCount: Math.max(1, Math.ceil(total / PLEDGES_PER_PAGE)) };
}

/** A payment as the pledge page lists it: with the Gift Aid claim batch it is in, if any. */
export type PledgePayment = Payment & { claim: PaymentClaim | null };

export async function getPledgeRecord(
  id: number,
): Promise<{ pledge: Pledge; payments: PledgePayment[]; history: AuditEvent[] } | undefined> {
  const db = getDb();
  const pledge = await getPledge(db, id);
  if (!pledge) return undefined;
  const [payments, history] = await Promise.all([listPaymentsForPledge(db, id), listAudit(db, "pledge", id)]);
  const claims = await listClaimsOfPayments(
    db,
    payments.map((payment) => payment.id),
  );
  return {
    pledge,
    payments: payments.map((payment) => ({ ...payment, claim: claims.get(payment.id) ?? null })),
    history,
  };
}

/** A payment staff record by hand; `sendThanks` (the form's checkbox, ticked by default) e-mails the donor. */
export async function recordManualPayment(
  input: Omit<NewPayment, "method" | "bankLine"> & { sendThanks: boolean },
  actor: string,
): Promise<{ payment: Payment; pledge: Pledge; thanked: boolean } | undefined> {
  const { sendThanks, ...payment } = input;
  const thanks = sendThanks ? { charity: await getCharitySettings() } : null;
  const result = await immediateTransaction(getDb(), (trx) =>
    recordPayment(trx, { ...payment, method: "manual" }, actor, thanks),
  );
  // An appeal's or a supporter's page shows it at once here (other instances: within the cache's 60 s).
  if (result && (result.pledge.appealId !== null || result.pledge.fundraisingPageId !== null))
    pagesChanged("gift-to-cause");
  return result;
}

/** Cancels a pledge, or throws `DonationError` (gone, paid in full, already cancelled). */
export async function cancelPledge(id: number, reason: string, actor: string): Promise<Pledge> {
  const result = await immediateTransaction(getDb(), async (trx): Promise<Pledge> => {
    const existing = await getPledge(trx, id);
    if (!existing) throw new DonationError("There is no such pledge.", 404);
    // A one-time pledge paid in full has nothing left to cancel (money goes back as a refund).
    if (isPaidInFull(existing)) throw new DonationError(donationRefusals.paidInFull, 409);
    const pledge = await markPledgeCancelled(trx, id, reason);
    if (!pledge) throw new DonationError(donationRefusals.alreadyCancelled, 409);
    // The reason stays on the pledge (erased with it); the trail says only that it happened.
    await recordAudit(trx, {
      entity: "pledge",
      entityId: id,
      action: "pledge.cancelled",
      detail: `status ${existing.status} → cancelled`,
      actor,
    });
    return pledge;
  });
  logger.info({ event: "pledge.cancelled", pledge_id: id }, "Pledge cancelled");
  return result;
}

/** The payment, when it belongs to this pledge (a payment id under another pledge's address is "not found"). */
export async function getPaymentOfPledge(
  pledgeId: number,
  paymentId: number,
): Promise<{ pledge: Pledge; payment: Payment; claim: PaymentClaim | null } | undefined> {
  const db = getDb();
  const [pledge, payment] = await Promise.all([getPledge(db, pledgeId), getPayment(db, paymentId)]);
  if (!pledge || !payment || payment.pledgeId !== pledgeId || payment.method === "card") return undefined;
  return { pledge, payment, claim: (await findClaimOfPayment(db, paymentId)) ?? null };
}

/**
 * Undoes a payment recorded by mistake: deletes it, brings the pledge's total and status back
 * in line, and audits who, what (amount, day, how it was matched) and why, in one transaction.
 * A payment in a Gift Aid claim batch stays: a submitted batch is what HMRC was told, and a
 * draft batch's rows and totals are frozen copies (delete the draft batch first to release it).
 * A bank-imported payment's statement line fingerprint goes with the row, so the line can be
 * imported again (e.g. against the right pledge). Refused with `DonationError`.
 */
export async function removePayment(
  input: { pledgeId: number; paymentId: number; reason: string },
  actor: string,
): Promise<{ payment: Payment; pledge: Pledge }> {
  const result = await immediateTransaction(getDb(), async (trx) => {
    const [before, payment] = await Promise.all([getPledge(trx, input.pledgeId), getPayment(trx, input.paymentId)]);
    // Card payments and refunds are Stripe's record (refunds are made there): not removable here.
    if (!before || !payment || payment.pledgeId !== input.pledgeId || payment.method === "card") {
      throw new DonationError("There is no such payment on this pledge.", 404);
    }
    const claim = await findClaimOfPayment(trx, payment.id);
    if (claim) throw new DonationError(donationRefusals.paymentClaimed(claim.claimId, claim.submitted), 409);
    // A refund points at its payment: the payment goes only once its refunds are gone.
    if ((await refundedOfPayment(trx, payment.id)) !== 0)
      throw new DonationError(donationRefusals.paymentRefunded, 409);
    await deletePayment(trx, payment.id);
    const pledge = (await refreshPledgeTotals(trx, input.pledgeId))!;
    const line = payment.bankLine ? "; its statement line can be imported again" : "";
    await recordAudit(trx, {
      entity: "pledge",
      entityId: pledge.id,
      action: "payment.removed",
      detail: `${paymentDetail(payment, before, pledge)} (recorded by ${payment.recordedBy}${line}). Reason: ${input.reason}`,
      actor,
    });
    return { payment, pledge };
  });
  logPayment("payment.removed", result.payment, "Payment removed");
  return result;
}

/** A pledge by its id, or undefined. */
export async function findPledge(id: number): Promise<Pledge | undefined> {
  return getPledge(getDb(), id);
}

/** A pledge by its payment reference (the thank-you page's address), or undefined. */
export async function findPledgeByReference(reference: string): Promise<Pledge | undefined> {
  return getPledgeByReference(getDb(), reference);
}

/** A payment staff may give back (by hand or by bank, not a refund itself), with what is left of it to give back. */
export async function getRefundablePayment(
  pledgeId: number,
  paymentId: number,
): Promise<{ pledge: Pledge; payment: Payment; refundablePence: number } | undefined> {
  const db = getDb();
  const [pledge, payment] = await Promise.all([getPledge(db, pledgeId), getPayment(db, paymentId)]);
  if (!pledge || !payment || payment.pledgeId !== pledgeId || payment.method === "card" || payment.amountPence <= 0) {
    return undefined;
  }
  return { pledge, payment, refundablePence: payment.amountPence - (await refundedOfPayment(db, payment.id)) };
}

/**
 * Money given back of a payment made by hand or by bank: a refund through the ledger (a negative
 * payment linked to it, the pledge's totals, its history with the reason, and a Gift Aid claim
 * batch that holds the payment flagged), netted everywhere as card refunds are. Card payments are
 * refunded in Stripe (their refunds come back by webhook). Refused with `DonationError`: no such
 * payment (404) or more than is left of it (409).
 */
export async function refundPayment(
  input: { pledgeId: number; paymentId: number; amountPence: number; refundedOn: string; reason: string },
  actor: string,
): Promise<{ refund: Payment; pledge: Pledge }> {
  const result = await immediateTransaction(getDb(), async (trx) => {
    const payment = await getPayment(trx, input.paymentId);
    if (!payment || payment.pledgeId !== input.pledgeId || payment.method === "card" || payment.amountPence <= 0) {
      throw new DonationError("There is no such payment on this pledge.", 404);
    }
    if (input.refundedOn < payment.receivedOn) {
      throw new DonationError(donationRefusals.refundBeforePayment(payment.receivedOn), 409);
    }
    const refund = await recordRefund(
      trx,
      {
        paymentId: payment.id,
        amountPence: input.amountPence,
        receivedOn: input.refundedOn,
        note: `Refund: ${input.reason}`.slice(0, 500),
        reason: input.reason,
      },
      actor,
    );
    if (!refund.ok && refund.reason === "too-large") {
      throw new DonationError(donationRefusals.refundTooLarge(refund.refundablePence), 409);
    }
    if (!refund.ok) throw new DonationError("There is no such payment on this pledge.", 404);
    return { refund: refund.refund, pledge: refund.pledge };
  });
  if (result.pledge.appealId !== null || result.pledge.fundraisingPageId !== null) pagesChanged("gift-to-cause");
  return result;
}
