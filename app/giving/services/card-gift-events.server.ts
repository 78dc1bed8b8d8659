// A card gift's Stripe events (docs/payments.md, the events table): a Checkout Session paid or
// failed, a monthly gift's invoice paid, its subscription changed or ended; refunds and
// disputes are card-refunds.server.ts. Stripe's signed webhooks are the only thing that records
// money (amounts from the event, never from the browser), each event once, inside the webhook
// router's transaction.
import type { DB } from "~/infra/db.server";
import { child, idOf, isFields, pence, text, type Fields } from "~/infra/stripe-fields.server";
import { findLatestCardPayment, findPaymentByStripeId } from "~/giving/models/payment.server";
import {
  getPledgeBySubscription,
  linkPledgeToStripe,
  markPledgeCancelled,
  setPledgeAmount,
  type Pledge,
} from "~/giving/models/pledge.server";
import { formatPence } from "~/utils/money";
import { declarationCopy } from "./pledges.server";
import { recordPayment } from "./ledger.server";
import { everReceived } from "./card-return.server";
import { chargeRefunded, disputeCreated } from "./card-refunds.server";
import {
  STRIPE_ACTOR,
  amountProblem,
  eventDay,
  invoiceSubscription,
  pledgeFromReference,
  staffAlert,
  stripeAudit,
  type EventMail,
  type Handled,
} from "./stripe-gift-events.server";

/** Handles one verified gift event (of `type`, about `object`) inside its transaction. */
export async function handleCardGiftEvent(
  trx: DB,
  type: string,
  event: Fields,
  object: Fields,
  mail: EventMail,
): Promise<Handled> {
  switch (type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return sessionPaid(trx, event, object, mail);
    case "checkout.session.async_payment_failed":
      return sessionFailed(trx, object);
    case "invoice.paid":
      return invoicePaid(trx, event, object, mail);
    case "customer.subscription.deleted":
      return subscriptionDeleted(trx, object);
    case "customer.subscription.updated":
      return subscriptionUpdated(trx, object);
    case "charge.refunded":
      return chargeRefunded(trx, event, object, mail);
    case "charge.dispute.created":
      return disputeCreated(trx, object, mail);
    default:
      return "ignored";
  }
}

async function sessionPaid(trx: DB, event: Fields, session: Fields, mail: EventMail): Promise<Handled> {
  const metadata = child(session, "metadata");
  const pledge = await pledgeFromReference(trx, text(session, "client_reference_id"), text(metadata, "reference"));
  if (!pledge) return "ignored";
  const subscription = idOf(session, "subscription");
  await linkPledgeToStripe(trx, pledge.id, { customer: idOf(session, "customer"), subscription });
  // A monthly gift's money comes with each invoice.paid; a delayed method (a bank debit) with
  // async_payment_succeeded: only a session that says "paid" is money received.
  if (text(session, "mode") === "subscription" || subscription || text(session, "payment_status") !== "paid") {
    return "recorded";
  }
  const sessionId = text(session, "id");
  const stripeId = idOf(session, "payment_intent") ?? sessionId;
  if (!stripeId) return { attention: "a paid Checkout Session without an id", pledge };
  if (await findPaymentByStripeId(trx, stripeId)) return "ignored";
  // A second payment (another payment intent) of a one-time gift already paid is an
  // overpayment, as a bank one is: kept for staff to refund, never counted twice.
  if (pledge.type === "one-time" && everReceived(pledge)) {
    return {
      attention: `Checkout Session ${sessionId ?? stripeId}: a second payment (${stripeId}) of a one-time gift already paid; refund it in Stripe`,
      pledge,
    };
  }
  const problem = amountProblem(session, "amount_total", pledge);
  if (problem) return { attention: `Checkout Session ${sessionId ?? stripeId}: ${problem}`, pledge };
  await recordCardPayment(
    trx,
    pledge,
    { amountPence: pledge.amountPence, receivedOn: eventDay(event), stripeId },
    mail,
  );
  return "recorded";
}

async function sessionFailed(trx: DB, session: Fields): Promise<Handled> {
  const pledge = await pledgeFromReference(
    trx,
    text(session, "client_reference_id"),
    text(child(session, "metadata"), "reference"),
  );
  if (!pledge) return "ignored";
  await stripeAudit(
    trx,
    "pledge",
    pledge.id,
    "card.failed",
    "The delayed card or bank payment through Stripe Checkout failed; nothing was received",
  );
  return "recorded";
}

export async function invoicePaid(trx: DB, event: Fields, invoice: Fields, mail: EventMail): Promise<Handled> {
  const { subscription, reference } = invoiceSubscription(invoice);
  const pledge =
    (subscription ? await getPledgeBySubscription(trx, subscription) : undefined) ??
    (await pledgeFromReference(trx, reference));
  if (!pledge) return "ignored";
  // An invoice of nothing (a trial, a zero-amount first invoice) is no money and no news.
  if (invoice.amount_paid === 0) return "ignored";
  await linkPledgeToStripe(trx, pledge.id, { customer: idOf(invoice, "customer"), subscription });
  const invoiceId = text(invoice, "id");
  if (!invoiceId) return { attention: "a paid invoice without an id", pledge };
  if (await findPaymentByStripeId(trx, invoiceId)) return "ignored";
  const problem = amountProblem(invoice, "amount_paid", pledge);
  if (problem) return { attention: `Invoice ${invoiceId}: ${problem}`, pledge };
  await recordCardPayment(
    trx,
    pledge,
    { amountPence: pledge.amountPence, receivedOn: eventDay(event), stripeId: invoiceId },
    mail,
  );
  return "recorded";
}

async function subscriptionDeleted(trx: DB, subscription: Fields): Promise<Handled> {
  const subscriptionId = text(subscription, "id");
  const pledge =
    (subscriptionId ? await getPledgeBySubscription(trx, subscriptionId) : undefined) ??
    (await pledgeFromReference(trx, text(child(subscription, "metadata"), "reference")));
  if (!pledge || pledge.cancelledAt) return "ignored";
  const details = child(subscription, "cancellation_details");
  const why = [text(details, "reason")?.replace(/_/g, " "), text(details, "comment")].filter(Boolean).join(": ");
  const reason = `Monthly card gift ended in Stripe${why ? ` (${why})` : ""}`.slice(0, 300);
  const cancelled = await markPledgeCancelled(trx, pledge.id, reason);
  if (!cancelled) return "ignored";
  await stripeAudit(
    trx,
    "pledge",
    pledge.id,
    "pledge.cancelled",
    `status ${pledge.status} → cancelled (the Stripe subscription ended)`,
  );
  return "recorded";
}

/**
 * A monthly card gift's amount changed in Stripe (the donor at Your giving, or staff in the
 * Dashboard): the pledge takes the subscription's monthly amount when it is whole pence in GBP,
 * so the invoices that follow are recorded as money. Anything else is kept for staff.
 */
async function subscriptionUpdated(trx: DB, subscription: Fields): Promise<Handled> {
  const subscriptionId = text(subscription, "id");
  const pledge = subscriptionId ? await getPledgeBySubscription(trx, subscriptionId) : undefined;
  if (!pledge || pledge.cancelledAt || pledge.type !== "monthly") return "ignored";
  const items = child(subscription, "items")?.data;
  const first = Array.isArray(items) && items.length === 1 && isFields(items[0]) ? items[0] : undefined;
  const price = child(first, "price");
  const amount = pence(price, "unit_amount");
  const quantity = first?.quantity === undefined ? 1 : first.quantity;
  if (text(price, "currency") !== "gbp" || amount === null || amount <= 0 || quantity !== 1) {
    return { attention: "the subscription changed to an amount that is not whole pence in GBP" };
  }
  if (amount === pledge.amountPence) return "ignored";
  await setPledgeAmount(trx, pledge.id, amount);
  await stripeAudit(
    trx,
    "pledge",
    pledge.id,
    "pledge.amount-changed",
    `${formatPence(pledge.amountPence)} → ${formatPence(amount)} a month (the Stripe subscription changed)`,
  );
  return "recorded";
}

/** Records a card payment through the ledger (Stripe as the actor), with the donor's thank-you and the staff alert. */
async function recordCardPayment(
  trx: DB,
  pledge: Pledge,
  input: { amountPence: number; receivedOn: string; stripeId: string },
  mail: EventMail,
): Promise<void> {
  // The first card payment's thank-you quotes the Gift Aid declaration (a card pledge got no
  // e-mail when it was made); later ones do not repeat it.
  const first = pledge.paidPence === 0 && !(await findLatestCardPayment(trx, pledge.id));
  await recordPayment(trx, { pledgeId: pledge.id, method: "card", ...input }, STRIPE_ACTOR, {
    charity: mail.charity,
    declarationCopy: first ? await declarationCopy(trx, pledge.id) : null,
  });
  await staffAlert(trx, "payment", pledge, input.amountPence, [], mail);
}
