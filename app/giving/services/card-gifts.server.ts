// Long because it is the whole of card giving in one place: starting a Checkout Session, the
// return page's state, and every gift's Stripe event (paid, failed, invoice, cancelled
// subscription, refund, dispute), each handled inside the transaction the webhook router
// (stripe-webhooks.server.ts) records the event in. docs/payments.md explains it.
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { logger } from "~/infra/logger.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { londonToday } from "~/infra/clock.server";
import { getStripe, type Stripe } from "~/infra/stripe.server";
import { child, idOf, isFields, pence, text, type Fields } from "~/infra/stripe-fields.server";
import { recordAudit } from "~/site/index.server";
import { enqueueMail } from "~/mail/index.server";
import {
  findLatestCardPayment,
  findPaymentByStripeId,
  refundedSoFar,
  type Payment,
} from "~/giving/models/payment.server";
import {
  getPledge,
  getPledgeByCustomer,
  getPledgeByReference,
  getPledgeBySubscription,
  linkPledgeToStripe,
  markPledgeCancelled,
  setPledgeAmount,
  markPledgeDisputed,
  type Pledge,
} from "~/giving/models/pledge.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatLongDate, toLondonDay } from "~/utils/dates";
import { addWorkingDays } from "~/utils/working-days";
import { directDebitWords } from "~/content/direct-debit";
import { formatPence } from "~/utils/money";
import { getCharitySettings } from "~/site/index.server";
import type { CharitySettings } from "~/utils/charity-settings";
import { declarationCopy } from "./pledges.server";
import { staffCardAlert } from "~/mail/index.server";
import { recordPayment, recordRefund } from "./ledger.server";
import { Refusal } from "~/utils/refusal";
import { createCheckoutSession } from "./checkout-sessions.server";
import { cardGiftRefusals } from "~/content/admin";

// Card and wallet gifts through Stripe Checkout. The donate form creates the pledge as ever,
// then a Checkout Session for it; Stripe's signed webhooks are the only thing that records
// money (amounts from the event, never from the browser), each event once.

/** Who records what the webhooks bring, in the pledge's history and on each payment. */
export const STRIPE_ACTOR = "stripe";

/** A history entry written by a Stripe event (its actor is always Stripe). */
export function stripeAudit(trx: DB, entity: "pledge" | "claim", entityId: number, action: string, detail: string) {
  return recordAudit(trx, { entity, entityId, action, detail, actor: STRIPE_ACTOR });
}

/** Where Checkout sends the donor back: the confirmation page, or the same page told they cancelled. */
export function cardReturnPath(reference: string, cancelled = false): string {
  return `/donate/card/${reference}${cancelled ? "?cancelled=1" : ""}`;
}

/**
 * A Checkout Session for a pledge paid by card: `payment` mode for the exact amount (one-time),
 * or `subscription` mode with a monthly price made on the fly. The pledge reference is the
 * `client_reference_id` and in the metadata (of the subscription too, so every invoice carries
 * it); the idempotency key is derived from the pledge, so a retried request makes no second
 * session. Returns the URL to send the donor to.
 */
export async function startCardCheckout(pledge: Pledge, options: { maxNetworkRetries?: number } = {}): Promise<string> {
  const metadata = { reference: pledge.reference, pledge_id: String(pledge.id) };
  const { name, directDebitReferencePrefix } = await getCharitySettings();
  const monthly = pledge.type === "monthly";
  // A monthly gift by Direct Debit: Bacs only (no card), the mandate's reference prefix from
  // Settings when there is one (docs/payments.md, "Direct Debit").
  const directDebit = monthly && pledge.directDebit;
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: monthly ? "subscription" : "payment",
    client_reference_id: pledge.reference,
    customer_email: pledge.email,
    metadata,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "gbp",
          unit_amount: pledge.amountPence,
          product_data: {
            name: directDebit
              ? `Monthly Direct Debit gift to ${name}`
              : monthly
                ? `Monthly gift to ${name}`
                : `Gift to ${name}`,
          },
          ...(monthly ? { recurring: { interval: "month" as const } } : {}),
        },
      },
    ],
    ...(directDebit
      ? {
          payment_method_types: ["bacs_debit" as const],
          ...(directDebitReferencePrefix
            ? {
                payment_method_options: {
                  bacs_debit: { mandate_options: { reference_prefix: directDebitReferencePrefix } },
                },
              }
            : {}),
        }
      : {}),
    success_url: absoluteUrl(cardReturnPath(pledge.reference)),
    cancel_url: absoluteUrl(cardReturnPath(pledge.reference, true)),
    ...(monthly
      ? { subscription_data: { metadata, description: `Monthly gift ${pledge.reference}` } }
      : { payment_intent_data: { metadata, description: `Gift ${pledge.reference}` }, submit_type: "donate" as const }),
  };
  // The caller holds its place under the pace (the donor's try, or the queue's claim).
  const session = await createCheckoutSession(params, {
    idempotencyKey: `checkout-${pledge.reference}`,
    pace: "taken",
    ...options,
  });
  logger.info({ event: "checkout.created", pledge_id: pledge.id, session: session.id }, "Checkout Session created");
  return session.url;
}

/** Whether money ever arrived for the pledge (a refund later does not make it unpaid). */
export function everReceived(pledge: Pledge): boolean {
  return pledge.paidPence + pledge.refundedPence > 0;
}

/** The return page's words for a Direct Debit gift: set up (and when the first collection is due), or being set up. */
function directDebitReturnLine(pledge: Pledge): string {
  if (!pledge.ddState || pledge.ddState === "ended") return directDebitWords.returnWaiting;
  const due = pledge.ddNextCollectionOn ?? addWorkingDays(pledge.ddSetUpOn ?? pledge.createdAt.slice(0, 10), 7);
  return directDebitWords.returnSetUp(formatLongDate(`${due}T12:00:00Z`));
}

/** What the return page shows: never who the donor is, only the gift and whether money arrived. */
export async function cardReturnStatus(reference: string) {
  const pledge = await getPledgeByReference(getDb(), reference);
  if (!pledge || pledge.payBy !== "card") return undefined;
  return {
    reference: pledge.reference,
    amount: formatPence(pledge.amountPence),
    type: pledge.type,
    received: everReceived(pledge),
    canRetry: getStripe() !== null && !everReceived(pledge) && !pledge.cancelledAt,
    // A Direct Debit takes nothing at Checkout: the page says the mandate is set up and when the first collection is due.
    directDebit: pledge.directDebit ? directDebitReturnLine(pledge) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Webhooks: the router (stripe-webhooks.server.ts) verifies each event, records it once and
// hands it here, inside its transaction, when it is about a gift.

/** A signed event whose contents are not what we can take as money: kept for staff, never recorded. */
export interface Attention {
  attention: string;
  pledge?: Pledge;
}
export type Handled = "recorded" | "ignored" | Attention;

/** What an event's mail needs: the charity's details, read before the transaction. */
export interface EventMail {
  charity: CharitySettings;
}

// A signed event's contents are read field by field: app/infra/stripe-fields.server.ts.

/** What an amount looked like, for staff. */
function shown(value: unknown): string {
  const json = JSON.stringify(value) ?? "nothing";
  return json.length > 40 ? `${json.slice(0, 40)}…` : json;
}

/**
 * Why an amount from Stripe is not this pledge's money, or null when it is: GBP, whole pence, and
 * exactly what the pledge gives (a one-time gift's amount; a monthly gift's monthly amount).
 */
function amountProblem(fields: Fields, key: string, pledge: Pledge): string | null {
  const currency = text(fields, "currency")?.toLowerCase();
  if (currency !== "gbp") return `currency ${shown(fields.currency)}, not GBP`;
  const amount = pence(fields, key);
  if (amount === null) return `${key} ${shown(fields[key])} is not a whole number of pence`;
  if (amount !== pledge.amountPence) {
    return `${key} ${formatPence(amount)} is not the pledge's ${formatPence(pledge.amountPence)}`;
  }
  return null;
}

/** The day the money arrived, as UK staff count days: when Stripe created the event. */
export function eventDay(event: Fields): string {
  const created = pence(event, "created");
  return created !== null && created > 0 ? toLondonDay(new Date(created * 1000)) : londonToday();
}

export async function pledgeFromReference(
  trx: DB,
  ...candidates: (string | null | undefined)[]
): Promise<Pledge | undefined> {
  for (const reference of candidates) {
    if (!reference) continue;
    const pledge = await getPledgeByReference(trx, reference);
    if (pledge) return pledge;
  }
  return undefined;
}

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

/** The subscription of an invoice and the metadata it was created with (Stripe's current API, and older ones). */
export function invoiceSubscription(invoice: Fields): { subscription: string | null; reference: string | null } {
  const details = child(child(invoice, "parent"), "subscription_details");
  return {
    subscription: idOf(details, "subscription") ?? idOf(invoice, "subscription"),
    reference: text(child(details, "metadata"), "reference") ?? text(child(invoice, "metadata"), "reference"),
  };
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

/** A monthly card gift that cannot be changed: not set up here, no subscription, or Stripe said no (502). */
export class CardGiftError extends Refusal {}

/**
 * Changes a monthly card gift's amount in Stripe, from the next payment (no proration). The
 * pledge follows when Stripe's customer.subscription.updated arrives (subscriptionUpdated).
 */
export async function changeCardSubscriptionAmount(pledge: Pledge, amountPence: number): Promise<void> {
  const client = getStripe();
  if (!client) throw new CardGiftError(cardGiftRefusals.notConfigured);
  if (!pledge.stripeSubscription || pledge.cancelledAt) throw new CardGiftError(cardGiftRefusals.noSubscription);
  try {
    const subscription = await client.stripe.subscriptions.retrieve(pledge.stripeSubscription);
    const item = subscription.items.data[0];
    if (!item) throw new CardGiftError(cardGiftRefusals.noSubscription);
    const product = typeof item.price.product === "string" ? item.price.product : item.price.product.id;
    await client.stripe.subscriptions.update(pledge.stripeSubscription, {
      items: [
        {
          id: item.id,
          price_data: { currency: "gbp", unit_amount: amountPence, product, recurring: { interval: "month" } },
        },
      ],
      proration_behavior: "none",
    });
  } catch (error) {
    if (error instanceof CardGiftError) throw error;
    logger.warn(
      { event: "stripe.update_failed", pledge_id: pledge.id, error: String(error) },
      "Stripe refused a change",
    );
    throw new CardGiftError(cardGiftRefusals.changeFailed, 502);
  }
  logger.info({ event: "subscription.amount_requested", pledge_id: pledge.id }, "Monthly card gift amount change sent");
}

async function chargeRefunded(trx: DB, event: Fields, charge: Fields, mail: EventMail): Promise<Handled> {
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

async function disputeCreated(trx: DB, dispute: Fields, mail: EventMail): Promise<Handled> {
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

/** The staff alert of a Stripe event (when STAFF_EMAIL is set), queued in the event's transaction. */
export async function staffAlert(
  trx: DB,
  kind: "payment" | "refund" | "dispute" | "attention",
  pledge: Pledge,
  amountPence: number,
  extra: string[],
  mail: EventMail,
): Promise<void> {
  const { STAFF_EMAIL } = getEnv();
  if (!STAFF_EMAIL) return;
  const alert = staffCardAlert(
    kind,
    pledge,
    amountPence,
    absoluteUrl(adminPaths.donation(pledge.id)),
    mail.charity,
    extra,
  );
  await enqueueMail(trx, { kind: `card.${kind}.staff`, to: STAFF_EMAIL, pledgeId: pledge.id, ...alert });
}

// ---------------------------------------------------------------------------------------------
// Staff

/**
 * Staff end a donor's monthly card gift: Stripe cancels the subscription at once, then the
 * pledge is cancelled with the staff's reason and the trail says who did it. Stripe's own
 * customer.subscription.deleted that follows finds the pledge already cancelled and adds nothing.
 */
export async function cancelCardSubscription(pledgeId: number, reason: string, actor: string): Promise<Pledge> {
  const client = getStripe();
  if (!client) throw new CardGiftError(cardGiftRefusals.notConfigured);
  const pledge = await getPledge(getDb(), pledgeId);
  if (!pledge) throw new CardGiftError(cardGiftRefusals.pledgeNotFound, 404);
  if (!pledge.stripeSubscription || pledge.cancelledAt) throw new CardGiftError(cardGiftRefusals.noSubscription);
  try {
    await client.stripe.subscriptions.cancel(
      pledge.stripeSubscription,
      { cancellation_details: { comment: `Cancelled by staff (${actor})` } },
      { idempotencyKey: `cancel-${pledge.stripeSubscription}` },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ event: "stripe.cancel_failed", pledge_id: pledgeId }, "Stripe refused to cancel a subscription");
    throw new CardGiftError(cardGiftRefusals.cancelFailed(message), 502);
  }
  const result = await immediateTransaction(getDb(), async (trx) => {
    const before = (await getPledge(trx, pledgeId))!;
    const cancelled = await markPledgeCancelled(trx, pledgeId, reason);
    await recordAudit(trx, {
      entity: "pledge",
      entityId: pledgeId,
      action: "subscription.cancelled",
      detail: `Monthly card gift cancelled in Stripe (${pledge.stripeSubscription}); status ${before.status} → cancelled`,
      actor,
    });
    return cancelled ?? (await getPledge(trx, pledgeId))!;
  });
  logger.info({ event: "subscription.cancelled", pledge_id: pledgeId }, "Monthly card gift cancelled");
  return result;
}
