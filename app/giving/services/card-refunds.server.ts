// Money given back or questioned on a card gift, from Stripe's events: a refund (charge.refunded,
// recorded through the ledger for what the event adds) and a dispute (charge.dispute.created).
import type { DB } from "~/infra/db.server";
import { child, idOf, pence, text, type Fields } from "~/infra/stripe-fields.server";
import {
  findLatestCardPayment,
  findPaymentByStripeId,
  refundedSoFar,
  type Payment,
} from "~/giving/models/payment.server";
import { getPledge, getPledgeByCustomer, markPledgeDisputed } from "~/giving/models/pledge.server";
import { formatPence } from "~/utils/money";
import { recordRefund } from "./ledger.server";
import {
  STRIPE_ACTOR,
  eventDay,
  pledgeFromReference,
  shown,
  staffAlert,
  stripeAudit,
  type EventMail,
  type Handled,
} from "./stripe-gift-events.server";

export async function chargeRefunded(trx: DB, event: Fields, charge: Fields, mail: EventMail): Promise<Handled> {
  const paymentIntent = idOf(charge, "payment_intent");
  let original: Payment | undefined = paymentIntent ? await findPaymentByStripeId(trx, paymentIntent) : undefined;
  let pledge = original ? await getPledge(trx, original.pledgeId) : undefined;
  if (!pledge) {
    // A monthly gift's charge: its invoice is recorded, not its payment intent; find the pledge
    // by the customer (or the metadata) and give back its latest card payment.
    const customer = idOf(charge, "customer");
    pledge =
      (await pledgeFromReference(trx, text(child(charge, "metadata"), "reference"))) ??
      (customer ? await getPledgeByCustomer(trx, customer) : undefined);
    if (!pledge) return "ignored";
    original = await findLatestCardPayment(trx, pledge.id);
  }
  const chargeId = text(charge, "id");
  if (!chargeId) return { attention: "a refunded charge without an id", pledge };
  if (!original) return { attention: `charge ${chargeId} refunded, but the pledge has no card payment`, pledge };
  const currency = text(charge, "currency")?.toLowerCase();
  if (currency !== undefined && currency !== "gbp") {
    return { attention: `charge ${chargeId} refunded in ${shown(charge.currency)}, not GBP`, pledge };
  }
  // amount_refunded is the charge's total so far: record what this event adds.
  const refundedTotal = pence(charge, "amount_refunded") ?? (charge.refunded === true ? pence(charge, "amount") : null);
  if (refundedTotal === null) {
    return { attention: `charge ${chargeId} refunded, amount ${shown(charge.amount_refunded)} unreadable`, pledge };
  }
  const prefix = `${chargeId}/refunded/`;
  const amount = refundedTotal - (await refundedSoFar(trx, prefix));
  if (amount <= 0) return "ignored";
  const result = await recordRefund(
    trx,
    {
      paymentId: original.id,
      amountPence: amount,
      receivedOn: eventDay(event),
      note: "Refund through Stripe",
      stripeId: `${prefix}${refundedTotal}`,
    },
    STRIPE_ACTOR,
  );
  if (!result.ok) {
    const left = result.reason === "too-large" ? formatPence(result.refundablePence) : "nothing";
    return {
      attention: `charge ${chargeId}: a refund of ${formatPence(amount)} is more than is left of the payment (${left})`,
      pledge,
    };
  }
  const extra = result.claim
    ? [
        `The refunded payment is in Gift Aid claim ${result.claim.claimId}: HMRC must be told (correct it in the next claim).`,
      ]
    : [];
  await staffAlert(trx, "refund", result.pledge, amount, extra, mail);
  return "recorded";
}

export async function disputeCreated(trx: DB, dispute: Fields, mail: EventMail): Promise<Handled> {
  const paymentIntent = idOf(dispute, "payment_intent");
  const payment = paymentIntent ? await findPaymentByStripeId(trx, paymentIntent) : undefined;
  const pledge = payment
    ? await getPledge(trx, payment.pledgeId)
    : await pledgeFromReference(trx, text(child(dispute, "metadata"), "reference"));
  if (!pledge) return "ignored";
  const amount = pence(dispute, "amount");
  const reason = text(dispute, "reason")?.replace(/_/g, " ") ?? "no reason given";
  const what = amount === null ? `An amount (${shown(dispute.amount)})` : formatPence(amount);
  const note = `${what} disputed (${reason}), dispute ${text(dispute, "id") ?? "without an id"}`.slice(0, 500);
  await markPledgeDisputed(trx, pledge.id, note);
  await stripeAudit(trx, "pledge", pledge.id, "payment.disputed", note);
  await staffAlert(trx, "dispute", pledge, amount ?? 0, [], mail);
  return "recorded";
}
