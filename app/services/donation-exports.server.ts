import { iteratePaymentsWithPledges, type ReceivedRange } from "~/models/payment.server";
import { iteratePledges, type PledgeQuery } from "~/models/pledge.server";
import { getDb } from "~/infra/db.server";
import { paymentMethodLabel } from "~/utils/payment-method";
import { logger } from "~/infra/logger.server";
import { pledgeStatusLabels, pledgeTypeLabels } from "~/schemas/donations";
import { penceToDecimal } from "~/utils/money";

// CSV exports of the Donations section: the rows, in the order staff see them. The route turns
// them into a download with app/infra/csv.server.ts (formula cells neutralised there).

export const PLEDGE_EXPORT_HEADER = [
  "Reference",
  "Pledged at (UTC)",
  "Type",
  "Amount (GBP)",
  "Received (GBP)",
  "Status",
  "First name",
  "Last name",
  "Email",
  "Phone",
  "In honour or memory",
  "Cancelled at (UTC)",
  "Cancel reason",
] as const;

export async function pledgeExportRows(query: PledgeQuery): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for await (const batch of iteratePledges(getDb(), query)) {
    for (const p of batch) {
      rows.push([
        p.reference,
        p.createdAt,
        pledgeTypeLabels[p.type],
        penceToDecimal(p.amountPence),
        penceToDecimal(p.paidPence),
        pledgeStatusLabels[p.status],
        p.firstName,
        p.lastName,
        p.email,
        p.phone ?? "",
        p.inHonour ? "Yes" : "No",
        p.cancelledAt ?? "",
        p.cancelReason ?? "",
      ]);
    }
  }
  logger.info({ event: "donations.exported", rows: rows.length }, "Pledges exported");
  return rows;
}

export const PAYMENT_EXPORT_HEADER = [
  "Payment id",
  "Received on",
  "Amount (GBP)",
  "Matched",
  "Pledge reference",
  "Pledge type",
  "First name",
  "Last name",
  "Email",
  "Note",
  "Recorded by",
  "Recorded at (UTC)",
  "Stripe payment",
] as const;

/** Payments received within the range (both days inclusive; either end may be open). */
export async function paymentExportRows(range: ReceivedRange = {}): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for await (const batch of iteratePaymentsWithPledges(getDb(), range)) {
    for (const p of batch) {
      rows.push([
        p.id,
        p.receivedOn,
        penceToDecimal(p.amountPence),
        paymentMethodLabel(p.method, p.amountPence),
        p.reference,
        pledgeTypeLabels[p.type],
        p.firstName,
        p.lastName,
        p.email,
        p.note ?? "",
        p.recordedBy,
        p.createdAt,
        p.stripeId ?? "",
      ]);
    }
  }
  logger.info(
    { event: "payments.exported", rows: rows.length, from: range.from ?? null, to: range.to ?? null },
    "Payments exported",
  );
  return rows;
}
