import { iteratePaymentsWithPledges, type ReceivedRange } from "~/giving/models/payment.server";
import { iteratePledges, type PledgeQuery } from "~/giving/models/pledge.server";
import { getDb } from "~/infra/db.server";
import { giftMethodLabel, paymentMethodLabel } from "~/giving/utils/payment-method";
import { logger } from "~/infra/logger.server";
import { payMethodOf, pledgeStatusLabel, pledgeTypeLabels } from "~/giving/schemas/donations";
import { londonDayAndTime } from "~/utils/dates";
import { penceToDecimal } from "~/utils/money";
import { causeLabels } from "~/causes/index.server";

// CSV exports of the Donations section: the rows, in the order staff see them. The route turns
// them into a download with app/infra/csv.server.ts (formula cells neutralised there).

export const PLEDGE_EXPORT_HEADER = [
  "Reference",
  "Pledged on UK date (YYYY-MM-DD)",
  "Pledged at UK time (HH:MM)",
  "Type",
  "Amount (GBP)",
  "Received, net of refunds (GBP)",
  "Refunded (GBP)",
  "Last payment UK date (YYYY-MM-DD)",
  "Status",
  "First name",
  "Last name",
  "Email",
  "Phone",
  "In honour or memory",
  "Cancelled on UK date (YYYY-MM-DD)",
  "Cancelled at UK time (HH:MM)",
  "Cancel reason",
  "Given to",
  // Last, so the columns before keep their places for anyone reading the file by position.
  "Method",
] as const;

export async function pledgeExportRows(query: PledgeQuery): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for await (const batch of iteratePledges(getDb(), query)) {
    const givenTo = await causeLabels(batch);
    for (const p of batch) {
      rows.push([
        p.reference,
        ...londonDayAndTime(p.createdAt),
        pledgeTypeLabels[p.type],
        penceToDecimal(p.amountPence),
        penceToDecimal(p.paidPence),
        penceToDecimal(p.refundedPence),
        p.lastPaidOn ?? "",
        pledgeStatusLabel(p.status, p.type, payMethodOf(p)),
        p.firstName,
        p.lastName,
        p.email,
        p.phone ?? "",
        p.inHonour ? "Yes" : "No",
        ...londonDayAndTime(p.cancelledAt),
        p.cancelReason ?? "",
        givenTo(p),
        giftMethodLabel(p),
      ]);
    }
  }
  logger.info({ event: "donations.exported", rows: rows.length }, "Pledges exported");
  return rows;
}

export const PAYMENT_EXPORT_HEADER = [
  "Payment id",
  "Received on UK date (YYYY-MM-DD)",
  "Amount (GBP)",
  "Matched",
  "Pledge reference",
  "Pledge type",
  "First name",
  "Last name",
  "Email",
  "Note",
  "Recorded by",
  "Recorded on UK date (YYYY-MM-DD)",
  "Recorded at UK time (HH:MM)",
  "Stripe payment",
  "Refund of payment id",
  "Given to",
  // How the donor paid (the one label function); "Matched" says how it reached the books.
  "Method",
] as const;

/** Payments received within the range (both days inclusive; either end may be open). */
export async function paymentExportRows(range: ReceivedRange = {}): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for await (const batch of iteratePaymentsWithPledges(getDb(), range)) {
    const givenTo = await causeLabels(batch);
    for (const p of batch) {
      rows.push([
        p.id,
        p.receivedOn,
        penceToDecimal(p.amountPence),
        paymentMethodLabel(p.method, p.amountPence, p.directDebit),
        p.reference,
        pledgeTypeLabels[p.type],
        p.firstName,
        p.lastName,
        p.email,
        p.note ?? "",
        p.recordedBy,
        ...londonDayAndTime(p.createdAt),
        p.stripeId ?? "",
        p.refundOf ?? "",
        givenTo(p),
        giftMethodLabel(p, p),
      ]);
    }
  }
  logger.info(
    {
      event: "payments.exported",
      rows: rows.length,
      from: range.from ?? null,
      to: range.to ?? null,
      method: range.method ?? null,
    },
    "Payments exported",
  );
  return rows;
}
