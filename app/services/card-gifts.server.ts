// Long because it is the whole of card giving in one place: starting a Checkout Session, the
// return page's state, and every Stripe webhook event we handle (paid, failed, invoice, cancelled
// subscription, refund, dispute) inside one transaction each; splitting them would scatter the
// one rule that an event is recorded once with its effect. docs/payments.md explains it.
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { logger } from "~/infra/logger.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { getStripe, verifyStripeEvent, type Stripe } from "~/infra/stripe.server";
import { recordAudit } from "~/models/audit.server";
import { countRecentFormPosts, recordFormPost } from "~/models/form-post.server";
import { flagClaimRefund } from "~/models/gift-aid.server";
import { claimStripeEvent } from "~/models/stripe-event.server";
import { enqueueMail } from "~/models/outbox.server";
import {
  findClaimOfPayment,
  findLatestCardPayment,
  findPaymentByStripeId,
  insertPayment,
  refundedSoFar,
  type Payment,
} from "~/models/payment.server";
import {
  getPledge,
  getPledgeByCustomer,
  getPledgeByReference,
  getPledgeBySubscription,
  linkPledgeToStripe,
  markPledgeCancelled,
  markPledgeDisputed,
  refreshPledgeTotals,
  type Pledge,
} from "~/models/pledge.server";
import { adminPaths } from "~/utils/admin-paths";
import { toLondonDay } from "~/utils/dates";
import { formatPence } from "~/utils/money";
import { getCharitySettings } from "./charity-settings.server";
import type { CharitySettings } from "~/utils/charity-settings";
import { declarationCopy } from "./pledges.server";
import { staffCardAlert } from "./mail-templates.server";
import { queuePaymentThanks } from "./receipts.server";

// Card and wallet gifts through Stripe Checkout. The donate form creates the pledge as ever,
// then a Checkout Session for it; Stripe's signed webhooks are the only thing that records
// money (amounts from the event, never from the browser), each event once.

/** Who records what the webhooks bring, in the pledge's history and on each payment. */
export const STRIPE_ACTOR = "stripe";

/** A history entry written by a Stripe event (its actor is always Stripe). */
function stripeAudit(trx: DB, entity: "pledge" | "claim", entityId: number, action: string, detail: string) {
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
export async function startCardCheckout(pledge: Pledge): Promise<string> {
  const client = getStripe();
  if (!client) throw new Error("Stripe is not configured");
  const metadata = { reference: pledge.reference, pledge_id: String(pledge.id) };
  const { name } = await getCharitySettings();
  const monthly = pledge.type === "monthly";
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
          product_data: { name: monthly ? `Monthly gift to ${name}` : `Gift to ${name}` },
          ...(monthly ? { recurring: { interval: "month" as const } } : {}),
        },
      },
    ],
    success_url: absoluteUrl(cardReturnPath(pledge.reference)),
    cancel_url: absoluteUrl(cardReturnPath(pledge.reference, true)),
    ...(monthly
      ? { subscription_data: { metadata, description: `Monthly gift ${pledge.reference}` } }
      : { payment_intent_data: { metadata, description: `Gift ${pledge.reference}` }, submit_type: "donate" as const }),
  };
  const session = await client.stripe.checkout.sessions.create(params, {
    idempotencyKey: `checkout-${pledge.reference}`,
  });
  if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  logger.info({ event: "checkout.created", pledge_id: pledge.id, session: session.id }, "Checkout Session created");
  return session.url;
}

/**
 * The Checkout page for a new card pledge or, when Stripe cannot be reached, the return page
 * saying the payment was not completed (the pledge stays, payable by bank transfer or a retry).
 */
export async function checkoutOrFallback(pledge: Pledge): Promise<string> {
  try {
    return await startCardCheckout(pledge);
  } catch (error) {
    logger.error(
      { event: "checkout.failed", pledge_id: pledge.id, err: error instanceof Error ? error.message : String(error) },
      "Could not create a Checkout Session",
    );
    return cardReturnPath(pledge.reference, true);
  }
}

/** What the return page shows: never who the donor is, only the gift and whether money arrived. */
export async function cardReturnStatus(reference: string) {
  const pledge = await getPledgeByReference(getDb(), reference);
  if (!pledge || pledge.payBy !== "card") return undefined;
  return {
    reference: pledge.reference,
    amount: formatPence(pledge.amountPence),
    type: pledge.type,
    received: pledge.paidPence > 0,
    canRetry: getStripe() !== null && pledge.paidPence === 0 && !pledge.cancelledAt,
  };
}

/** The Checkout page of a card pledge not paid yet (the same session while it is open); undefined otherwise. */
export async function cardCheckoutAgain(reference: string): Promise<string | undefined> {
  const pledge = await getPledgeByReference(getDb(), reference);
  if (!pledge || pledge.payBy !== "card" || pledge.paidPence > 0 || pledge.cancelledAt || !getStripe()) {
    return undefined;
  }
  return startCardCheckout(pledge);
}

// ---------------------------------------------------------------------------------------------
// Webhooks

/** Bad signatures one source may send per hour before it is refused outright. */
export const BAD_SIGNATURES_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

export type WebhookOutcome =
  | { status: 200; handled: "recorded" | "duplicate" | "ignored" }
  | { status: 400; reason: string }
  | { status: 429; retryAfterSeconds: number }
  | { status: 404 };

/**
 * Verifies and handles one webhook delivery. `client` is the sender's keyed address: bad
 * signatures are counted per source, and past BAD_SIGNATURES_PER_HOUR further bad ones get
 * 429 (nothing written, nothing logged); a good signature is always handled.
 */
export async function receiveStripeWebhook(
  payload: string,
  signature: string | null,
  client: string,
  now: Date = new Date(),
): Promise<WebhookOutcome> {
  const stripe = getStripe();
  if (!stripe) return { status: 404 };
  const db = getDb();
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error("no Stripe-Signature header");
    event = verifyStripeEvent(stripe.stripe, stripe.config, payload, signature);
  } catch (error) {
    // Checking a signature costs a hash; what is throttled is the bad ones, per source. A
    // good signature is always handled, so a flood of forgeries from a shared address (a
    // proxy) cannot hold up Stripe's own deliveries.
    const throttleKey = `stripe-webhook:${client}`;
    if ((await countRecentFormPosts(db, throttleKey, HOUR_MS, now)) >= BAD_SIGNATURES_PER_HOUR) {
      return { status: 429, retryAfterSeconds: 3600 };
    }
    await recordFormPost(db, throttleKey, now);
    const reason = error instanceof Error ? error.message : "unreadable";
    logger.warn({ event: "stripe.webhook_refused", reason }, "Stripe webhook refused: bad signature");
    return { status: 400, reason: "The signature is missing, wrong or too old." };
  }
  const mail: EventMail = { charity: await getCharitySettings(db), queued: 0 };
  const handled = await immediateTransaction(db, async (trx) => {
    if (!(await claimEvent(trx, event))) return "duplicate" as const;
    const recorded = await handleEvent(trx, event, mail);
    return recorded ? ("recorded" as const) : ("ignored" as const);
  });
  logger.info({ event: "stripe.webhook", type: event.type, id: event.id, handled }, "Stripe webhook");
  return { status: 200, handled };
}

function claimEvent(trx: DB, event: Stripe.Event): Promise<boolean> {
  return claimStripeEvent(trx, event.id, event.type);
}

/** The mail an event's handling may queue: the charity's details (read before the transaction) and how many it queued. */
interface EventMail {
  charity: CharitySettings;
  queued: number;
}

/** The day the money arrived, as UK staff count days: when Stripe created the event. */
function eventDay(event: Stripe.Event): string {
  return toLondonDay(new Date(event.created * 1000));
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

async function pledgeFromReference(trx: DB, ...candidates: (string | null | undefined)[]): Promise<Pledge | undefined> {
  for (const reference of candidates) {
    if (!reference) continue;
    const pledge = await getPledgeByReference(trx, reference);
    if (pledge) return pledge;
  }
  return undefined;
}

/** Handles one verified event inside its transaction; false when it changed nothing. */
async function handleEvent(trx: DB, event: Stripe.Event, mail: EventMail): Promise<boolean> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return sessionPaid(trx, event, event.data.object, mail);
    case "checkout.session.async_payment_failed":
      return sessionFailed(trx, event.data.object);
    case "invoice.paid":
      return invoicePaid(trx, event, event.data.object, mail);
    case "customer.subscription.deleted":
      return subscriptionDeleted(trx, event.data.object);
    case "charge.refunded":
      return chargeRefunded(trx, event, event.data.object, mail);
    case "charge.dispute.created":
      return disputeCreated(trx, event.data.object, mail);
    default:
      return false;
  }
}

async function sessionPaid(
  trx: DB,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  mail: EventMail,
): Promise<boolean> {
  const pledge = await pledgeFromReference(trx, session.client_reference_id, session.metadata?.reference);
  if (!pledge) return false;
  await linkPledgeToStripe(trx, pledge.id, {
    customer: idOf(session.customer),
    subscription: idOf(session.subscription),
  });
  // A monthly gift's money comes with each invoice.paid; a delayed method (a bank debit) with
  // async_payment_succeeded: only a session that says "paid" is money received.
  if (session.mode === "subscription" || session.subscription || session.payment_status !== "paid") return true;
  const amount = session.amount_total ?? 0;
  if (amount <= 0) return false;
  const stripeId = idOf(session.payment_intent) ?? session.id;
  if (await findPaymentByStripeId(trx, stripeId)) return false;
  await recordCardPayment(trx, pledge, { amountPence: amount, receivedOn: eventDay(event), stripeId }, mail);
  return true;
}

async function sessionFailed(trx: DB, session: Stripe.Checkout.Session): Promise<boolean> {
  const pledge = await pledgeFromReference(trx, session.client_reference_id, session.metadata?.reference);
  if (!pledge) return false;
  await stripeAudit(
    trx,
    "pledge",
    pledge.id,
    "card.failed",
    "The delayed card or bank payment through Stripe Checkout failed; nothing was received",
  );
  return true;
}

/** The subscription of an invoice and the metadata it was created with (Stripe's current API, and older ones). */
function invoiceSubscription(invoice: Stripe.Invoice): { subscription: string | null; reference: string | null } {
  const details = invoice.parent?.subscription_details;
  const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
  return {
    subscription: idOf(details?.subscription ?? legacy.subscription ?? null),
    reference: details?.metadata?.reference ?? invoice.metadata?.reference ?? null,
  };
}

async function invoicePaid(trx: DB, event: Stripe.Event, invoice: Stripe.Invoice, mail: EventMail): Promise<boolean> {
  const { subscription, reference } = invoiceSubscription(invoice);
  const pledge =
    (subscription ? await getPledgeBySubscription(trx, subscription) : undefined) ??
    (await pledgeFromReference(trx, reference));
  if (!pledge || invoice.amount_paid <= 0) return false;
  await linkPledgeToStripe(trx, pledge.id, { customer: idOf(invoice.customer), subscription });
  if (await findPaymentByStripeId(trx, invoice.id)) return false;
  await recordCardPayment(
    trx,
    pledge,
    { amountPence: invoice.amount_paid, receivedOn: eventDay(event), stripeId: invoice.id },
    mail,
  );
  return true;
}

async function subscriptionDeleted(trx: DB, subscription: Stripe.Subscription): Promise<boolean> {
  const pledge =
    (await getPledgeBySubscription(trx, subscription.id)) ??
    (await pledgeFromReference(trx, subscription.metadata?.reference));
  if (!pledge || pledge.cancelledAt) return false;
  const details = subscription.cancellation_details;
  const why = [details?.reason?.replace(/_/g, " "), details?.comment].filter(Boolean).join(": ");
  const reason = `Monthly card gift ended in Stripe${why ? ` (${why})` : ""}`.slice(0, 300);
  const cancelled = await markPledgeCancelled(trx, pledge.id, reason);
  if (!cancelled) return false;
  await stripeAudit(
    trx,
    "pledge",
    pledge.id,
    "pledge.cancelled",
    `status ${pledge.status} → cancelled (the Stripe subscription ended)`,
  );
  return true;
}

async function chargeRefunded(trx: DB, event: Stripe.Event, charge: Stripe.Charge, mail: EventMail): Promise<boolean> {
  const paymentIntent = idOf(charge.payment_intent);
  let original: Payment | undefined = paymentIntent ? await findPaymentByStripeId(trx, paymentIntent) : undefined;
  let pledge = original ? await getPledge(trx, original.pledgeId) : undefined;
  if (!pledge) {
    // A monthly gift's charge: its invoice is recorded, not its payment intent; find the pledge
    // by the customer (or the metadata) and give back its latest card payment.
    pledge =
      (await pledgeFromReference(trx, charge.metadata?.reference)) ??
      (charge.customer ? await getPledgeByCustomer(trx, idOf(charge.customer)!) : undefined);
    if (!pledge) return false;
    original = await findLatestCardPayment(trx, pledge.id);
  }
  // amount_refunded is the charge's total so far: record what this event adds.
  const prefix = `${charge.id}/refunded/`;
  const refundedTotal = charge.amount_refunded ?? (charge.refunded ? charge.amount : 0);
  const amount = refundedTotal - (await refundedSoFar(trx, prefix));
  if (amount <= 0) return false;
  const before = pledge;
  const refund = await insertPayment(trx, {
    pledgeId: pledge.id,
    receivedOn: eventDay(event),
    amountPence: -amount,
    method: "card",
    note: "Refund through Stripe",
    recordedBy: STRIPE_ACTOR,
    stripeId: `${prefix}${refundedTotal}`,
    refundOf: original?.id ?? null,
  });
  const after = (await refreshPledgeTotals(trx, pledge.id))!;
  const extra: string[] = [];
  const claim = original ? await findClaimOfPayment(trx, original.id) : undefined;
  if (claim && original) {
    const note = `Payment ${original.id} (${pledge.reference}, ${formatPence(original.amountPence)} received ${original.receivedOn}): ${formatPence(amount)} refunded on ${refund.receivedOn}. HMRC must be told.`;
    await flagClaimRefund(trx, claim.claimId, note);
    await stripeAudit(trx, "claim", claim.claimId, "claim.refund", note);
    extra.push(
      `The refunded payment is in Gift Aid claim ${claim.claimId}: HMRC must be told (correct it in the next claim).`,
    );
  }
  const change = before.status === after.status ? "" : `; status ${before.status} → ${after.status}`;
  await stripeAudit(
    trx,
    "pledge",
    pledge.id,
    "payment.refunded",
    `${formatPence(amount)} refunded through Stripe on ${refund.receivedOn}${change}`,
  );
  await staffAlert(trx, "refund", after, amount, extra, mail);
  return true;
}

async function disputeCreated(trx: DB, dispute: Stripe.Dispute, mail: EventMail): Promise<boolean> {
  const paymentIntent = idOf(dispute.payment_intent);
  const payment = paymentIntent ? await findPaymentByStripeId(trx, paymentIntent) : undefined;
  const pledge = payment
    ? await getPledge(trx, payment.pledgeId)
    : await pledgeFromReference(trx, dispute.metadata?.reference);
  if (!pledge) return false;
  const note = `${formatPence(dispute.amount)} disputed (${dispute.reason.replace(/_/g, " ")}), dispute ${dispute.id}`;
  await markPledgeDisputed(trx, pledge.id, note);
  await stripeAudit(trx, "pledge", pledge.id, "payment.disputed", note);
  await staffAlert(trx, "dispute", pledge, dispute.amount, [], mail);
  return true;
}

/** Records a card payment on its pledge, audits it, and queues the donor's thank-you (receipts.server) and the staff alert. */
async function recordCardPayment(
  trx: DB,
  pledge: Pledge,
  input: { amountPence: number; receivedOn: string; stripeId: string },
  mail: EventMail,
): Promise<void> {
  const payment = await insertPayment(trx, {
    pledgeId: pledge.id,
    receivedOn: input.receivedOn,
    amountPence: input.amountPence,
    method: "card",
    recordedBy: STRIPE_ACTOR,
    stripeId: input.stripeId,
  });
  const after = (await refreshPledgeTotals(trx, pledge.id))!;
  const change = pledge.status === after.status ? "" : `; status ${pledge.status} → ${after.status}`;
  await stripeAudit(
    trx,
    "pledge",
    pledge.id,
    "payment.recorded",
    `${formatPence(payment.amountPence)} received ${payment.receivedOn}, by card through Stripe (${input.stripeId})${change}`,
  );
  // The first card payment's thank-you quotes the Gift Aid declaration (a card pledge got no
  // e-mail when it was made); later ones do not repeat it.
  const first = pledge.paidPence === 0 && !(await findLatestCardPayment(trx, pledge.id, payment.id));
  if (
    await queuePaymentThanks(trx, pledge, payment, mail.charity, {
      declarationCopy: first ? await declarationCopy(trx, pledge.id) : null,
    })
  ) {
    mail.queued += 1;
  }
  await staffAlert(trx, "payment", pledge, payment.amountPence, [], mail);
  logger.info(
    {
      event: "payment.recorded",
      pledge_id: pledge.id,
      payment_id: payment.id,
      amount_pence: payment.amountPence,
      method: "card",
    },
    "Card payment recorded",
  );
}

async function staffAlert(
  trx: DB,
  kind: "payment" | "refund" | "dispute",
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
  mail.queued += 1;
}

// ---------------------------------------------------------------------------------------------
// Staff

export type CancelSubscriptionResult =
  | { ok: true; pledge: Pledge }
  | { ok: false; reason: "not-found" | "no-subscription" | "not-configured" | "stripe-error"; message?: string };

/**
 * Staff end a donor's monthly card gift: Stripe cancels the subscription at once, then the
 * pledge is cancelled with the staff's reason and the trail says who did it. Stripe's own
 * customer.subscription.deleted that follows finds the pledge already cancelled and adds nothing.
 */
export async function cancelCardSubscription(
  pledgeId: number,
  reason: string,
  actor: string,
): Promise<CancelSubscriptionResult> {
  const client = getStripe();
  if (!client) return { ok: false, reason: "not-configured" };
  const pledge = await getPledge(getDb(), pledgeId);
  if (!pledge) return { ok: false, reason: "not-found" };
  if (!pledge.stripeSubscription || pledge.cancelledAt) return { ok: false, reason: "no-subscription" };
  try {
    await client.stripe.subscriptions.cancel(
      pledge.stripeSubscription,
      { cancellation_details: { comment: `Cancelled by staff (${actor})` } },
      { idempotencyKey: `cancel-${pledge.stripeSubscription}` },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ event: "stripe.cancel_failed", pledge_id: pledgeId }, "Stripe refused to cancel a subscription");
    return { ok: false, reason: "stripe-error", message };
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
  return { ok: true, pledge: result };
}
