// Monthly gifts by Direct Debit (Stripe Bacs through Checkout), docs/payments.md "Direct Debit".
// A Direct Debit gift is a Stripe gift like a monthly card gift (the same Checkout queue, return
// page, invoice.paid and amount change), told apart by its method; this module handles what is
// Direct Debit's own, inside the webhook router's transaction: the mandate set up with nothing
// paid, a collection that failed (Stripe retries), and a mandate or subscription that ended.
// Each is recorded once (direct_debit_events.stripe_id, and the event id in stripe_events).
import { nowIsoString } from "~/infra/clock.server";
import { getEnv } from "~/infra/env.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { child, idOf, isFields, pence, text, type Fields } from "~/infra/stripe-fields.server";
import type { DB } from "~/infra/db.server";
import { getStripe } from "~/infra/stripe.server";
import { getDb } from "~/infra/db.server";
import {
  addDirectDebitEvent,
  listDirectDebitEventsOfPledge,
  listRecentDirectDebitEvents,
  setDirectDebitState,
} from "~/giving/models/direct-debit.server";
import { enqueueMail } from "~/mail/index.server";
import {
  getPledgeByCustomer,
  getPledgeBySubscription,
  linkPledgeToStripe,
  markPledgeCancelled,
  type Pledge,
} from "~/giving/models/pledge.server";
import { directDebitGuarantee, directDebitWords } from "~/content/direct-debit";
import { adminPaths } from "~/utils/admin-paths";
import { formatLongDate, toLondonDay } from "~/utils/dates";
import { formatPence } from "~/utils/money";
import { givingPaths } from "~/utils/giving-paths";
import { firstCollectionOn, nextCollectionDue } from "~/giving/utils/direct-debit-dates";
import { invoicePaid } from "./card-gift-events.server";
import {
  eventDay,
  invoiceSubscription,
  pledgeFromReference,
  stripeAudit,
  type EventMail,
  type Handled,
} from "./stripe-gift-events.server";
import { directDebitDonorMail, staffNoticeMail } from "~/mail/index.server";
import { getCharitySettings } from "~/site/index.server";

/** When Stripe created the event (ISO), or now. */
function eventTime(event: Fields): string {
  const created = pence(event, "created");
  return created !== null && created > 0 ? new Date(created * 1000).toISOString() : nowIsoString();
}

/** A day for people: "Monday 7 December 2026". */
const day = (isoDay: string) => formatLongDate(`${isoDay}T12:00:00Z`);

const guarantee = [directDebitGuarantee.heading, ...directDebitGuarantee.points];

/** What staff (and the donor) read of a Direct Debit gift's state. */
export function directDebitStatusLine(pledge: Pledge): string | null {
  if (!pledge.directDebit) return null;
  switch (pledge.ddState) {
    case "set-up":
      return directDebitWords.mandateSetUp(day(nextCollectionDue(pledge)));
    case "collecting":
      return directDebitWords.collecting(pledge.ddNextCollectionOn ? day(pledge.ddNextCollectionOn) : null);
    case "failed":
      return directDebitWords.failed;
    case "ended":
      return directDebitWords.ended;
    default:
      return pledge.cancelledAt ? directDebitWords.ended : directDebitWords.waiting;
  }
}

/** The Direct Debit pledge an invoice or subscription belongs to, or undefined (then not ours). */
async function pledgeOfSubscription(
  trx: DB,
  subscription: string | null,
  reference: string | null,
): Promise<Pledge | undefined> {
  const pledge =
    (subscription ? await getPledgeBySubscription(trx, subscription) : undefined) ??
    (await pledgeFromReference(trx, reference));
  return pledge?.directDebit ? pledge : undefined;
}

async function donorMail(trx: DB, pledge: Pledge, kind: string, subject: string, body: string, mail: EventMail) {
  const content = directDebitDonorMail(
    subject,
    body,
    {
      guarantee: kind === "dd.set-up" ? guarantee : null,
      link: { label: "Your giving", url: absoluteUrl(givingPaths.home) },
    },
    mail.charity,
  );
  await enqueueMail(trx, { kind, to: pledge.email, pledgeId: pledge.id, ...content });
}

async function staffNotice(trx: DB, pledge: Pledge, subject: string, lines: string[], mail: EventMail) {
  const { STAFF_EMAIL } = getEnv();
  if (!STAFF_EMAIL) return;
  const content = staffNoticeMail(
    subject,
    [...lines, `Open the pledge: ${absoluteUrl(adminPaths.donation(pledge.id))}`].join("\n\n"),
    mail.charity,
  );
  await enqueueMail(trx, { kind: "dd.staff", to: STAFF_EMAIL, pledgeId: pledge.id, ...content });
}

/**
 * A Stripe event about a Direct Debit gift, or null when it is not one (card gifts take it).
 * `mandateCustomer`: for mandate.updated, the customer of the mandate's payment method (looked
 * up before the transaction, see lookupMandateCustomer).
 */
export async function handleDirectDebitEvent(
  trx: DB,
  type: string,
  event: Fields,
  object: Fields,
  mail: EventMail & { mandateCustomer?: string | null; periodEndOn?: string | null },
): Promise<Handled | null> {
  switch (type) {
    case "checkout.session.completed":
      return mandateSetUp(trx, event, object, mail);
    case "invoice.paid":
      return collected(trx, event, object, mail);
    case "invoice.payment_failed":
      return collectionFailed(trx, event, object, mail);
    case "customer.subscription.deleted":
      return subscriptionEnded(trx, event, object, mail);
    case "mandate.updated":
      return mandateUpdated(trx, event, object, mail);
    default:
      return null;
  }
}

/** Checkout completed in subscription mode: the mandate is set up, and nothing is paid (payment_status "unpaid"). */
async function mandateSetUp(trx: DB, event: Fields, session: Fields, mail: EventMail): Promise<Handled | null> {
  const pledge = await pledgeFromReference(
    trx,
    text(session, "client_reference_id"),
    text(child(session, "metadata"), "reference"),
  );
  if (!pledge?.directDebit) return null;
  await linkPledgeToStripe(trx, pledge.id, {
    customer: idOf(session, "customer"),
    subscription: idOf(session, "subscription"),
  });
  if (pledge.ddState !== null || pledge.cancelledAt) return "ignored";
  const setUpOn = eventDay(event);
  const due = firstCollectionOn(setUpOn);
  await setDirectDebitState(trx, pledge.id, "set-up", { setUpOn, nextCollectionOn: due });
  const line = directDebitWords.mandateSetUp(day(due));
  await stripeAudit(trx, "pledge", pledge.id, "direct-debit.set-up", `${line}; nothing collected yet`);
  await donorMail(
    trx,
    pledge,
    "dd.set-up",
    directDebitWords.setUpSubject(mail.charity.name),
    directDebitWords.setUpBody(pledge.firstName, formatPence(pledge.amountPence), day(due), pledge.reference),
    mail,
  );
  return "recorded";
}

/** The day (London) the invoice's billing period ends, when its first line says: the next collection is then. */
function invoicePeriodEnd(invoice: Fields | undefined): string | null {
  // (The lines' `data` is an array: child() reads objects only.)
  const line = child(invoice, "lines")?.data;
  const periodEnd = Array.isArray(line) && isFields(line[0]) ? pence(child(line[0], "period"), "end") : null;
  return periodEnd ? toLondonDay(new Date(periodEnd * 1000)) : null;
}

/**
 * A collection cleared (invoice.paid): recorded through the ledger as a card gift's invoice is; the
 * state follows, with the next collection's day: the end of the invoice's billing period, or (an
 * invoice that does not say) the subscription's current period end, read before the transaction
 * (lookupSubscriptionPeriodEnd). Each invoice.paid moves it on.
 */
async function collected(
  trx: DB,
  event: Fields,
  invoice: Fields,
  mail: EventMail & { periodEndOn?: string | null },
): Promise<Handled | null> {
  const { subscription, reference } = invoiceSubscription(invoice);
  const pledge = await pledgeOfSubscription(trx, subscription, reference);
  if (!pledge) return null;
  const outcome = await invoicePaid(trx, event, invoice, mail);
  if (outcome !== "recorded" || pledge.cancelledAt) return outcome;
  const next = invoicePeriodEnd(invoice) ?? mail.periodEndOn ?? null;
  await setDirectDebitState(trx, pledge.id, "collecting", { nextCollectionOn: next });
  return outcome;
}

/**
 * Before the transaction: for an invoice.paid that does not give its billing period, the
 * subscription's current period end (a London day) from Stripe (`items.data[0].current_period_end`
 * in Stripe's current API, `current_period_end` in older ones), or null. Never throws.
 */
export async function lookupSubscriptionPeriodEnd(type: string, object: Fields | undefined): Promise<string | null> {
  if (type !== "invoice.paid" || !object || invoicePeriodEnd(object)) return null;
  const { subscription } = invoiceSubscription(object);
  const client = getStripe();
  if (!subscription || !client) return null;
  try {
    const found = (await client.stripe.subscriptions.retrieve(subscription)) as unknown as Fields;
    const items = child(found, "items")?.data;
    const item = Array.isArray(items) && isFields(items[0]) ? items[0] : undefined;
    const end = pence(item, "current_period_end") ?? pence(found, "current_period_end");
    return end ? toLondonDay(new Date(end * 1000)) : null;
  } catch {
    return null;
  }
}

/** A collection failed (ARUDD): recorded once per attempt, the donor told what to do, staff see it. */
async function collectionFailed(trx: DB, event: Fields, invoice: Fields, mail: EventMail): Promise<Handled | null> {
  const { subscription, reference } = invoiceSubscription(invoice);
  const pledge = await pledgeOfSubscription(trx, subscription, reference);
  if (!pledge) return null;
  const invoiceId = text(invoice, "id");
  if (!invoiceId) return { attention: "a failed Direct Debit invoice without an id", pledge };
  const attempt = pence(invoice, "attempt_count");
  const nextAttempt = pence(invoice, "next_payment_attempt");
  const nextAttemptOn = nextAttempt ? toLondonDay(new Date(nextAttempt * 1000)) : null;
  const reason =
    text(child(invoice, "last_finalization_error"), "message") ??
    text(child(invoice, "last_payment_error"), "message") ??
    "the bank did not pay the Direct Debit";
  const added = await addDirectDebitEvent(trx, {
    pledgeId: pledge.id,
    kind: "failed",
    stripeId: `${invoiceId}/${attempt ?? 0}`,
    occurredAt: eventTime(event),
    reason,
    attempt,
    nextAttemptOn,
  });
  if (!added) return "ignored";
  if (!pledge.cancelledAt) await setDirectDebitState(trx, pledge.id, "failed");
  const retry = nextAttemptOn ? `Stripe retries about ${day(nextAttemptOn)}` : "Stripe will not retry it";
  const detail = `Direct Debit collection of ${formatPence(pledge.amountPence)} failed (attempt ${attempt ?? "?"}, invoice ${invoiceId}): ${reason}. ${retry}.`;
  await stripeAudit(trx, "pledge", pledge.id, "direct-debit.failed", detail);
  await donorMail(
    trx,
    pledge,
    "dd.failed",
    directDebitWords.failedSubject(mail.charity.name),
    directDebitWords.failedBody(
      pledge.firstName,
      formatPence(pledge.amountPence),
      nextAttemptOn ? day(nextAttemptOn) : null,
    ),
    mail,
  );
  await staffNotice(trx, pledge, `Direct Debit failed: ${pledge.reference}`, [detail], mail);
  return "recorded";
}

/** Ends a Direct Debit gift once: the pledge is cancelled with why, the donor told, staff see it. */
async function endGift(
  trx: DB,
  pledge: Pledge,
  stripeId: string,
  why: string,
  event: Fields,
  mail: EventMail,
): Promise<Handled> {
  const added = await addDirectDebitEvent(trx, {
    pledgeId: pledge.id,
    kind: "ended",
    stripeId,
    occurredAt: eventTime(event),
    reason: why,
    attempt: null,
    nextAttemptOn: null,
  });
  await setDirectDebitState(trx, pledge.id, "ended", { nextCollectionOn: null });
  if (!added) return "ignored";
  const cancelled = await markPledgeCancelled(trx, pledge.id, `Direct Debit ended: ${why}`.slice(0, 300));
  await stripeAudit(trx, "pledge", pledge.id, "direct-debit.ended", `Direct Debit ended (${why})`);
  // A gift the donor or staff cancelled here was told already; one that ended at the bank or in Stripe is told now.
  if (cancelled) {
    await stripeAudit(trx, "pledge", pledge.id, "pledge.cancelled", `status ${pledge.status} → cancelled (${why})`);
    await donorMail(
      trx,
      pledge,
      "dd.ended",
      directDebitWords.endedSubject(mail.charity.name),
      directDebitWords.endedBody(pledge.firstName, why),
      mail,
    );
    await staffNotice(trx, pledge, `Direct Debit cancelled: ${pledge.reference}`, [`Why: ${why}.`], mail);
  }
  return "recorded";
}

async function subscriptionEnded(trx: DB, event: Fields, subscription: Fields, mail: EventMail) {
  const id = text(subscription, "id");
  const pledge = await pledgeOfSubscription(trx, id, text(child(subscription, "metadata"), "reference"));
  if (!pledge) return null;
  const details = child(subscription, "cancellation_details");
  const why =
    [text(details, "reason")?.replace(/_/g, " "), text(details, "comment")].filter(Boolean).join(": ") ||
    "the subscription ended in Stripe";
  return endGift(trx, pledge, `${id ?? pledge.reference}/deleted`, why, event, mail);
}

/** A mandate that goes inactive (the donor's bank cancelled it: ADDACS) stops the gift. */
async function mandateUpdated(
  trx: DB,
  event: Fields,
  mandate: Fields,
  mail: EventMail & { mandateCustomer?: string | null },
): Promise<Handled | null> {
  if (text(mandate, "status") !== "inactive") return "ignored";
  const customer = mail.mandateCustomer ?? text(mandate, "customer");
  const pledge = customer ? await getPledgeByCustomer(trx, customer) : undefined;
  if (!pledge?.directDebit) return "ignored";
  const network = text(child(child(mandate, "payment_method_details"), "bacs_debit"), "network_status");
  const why = `the mandate became inactive${network ? ` (Bacs: ${network.replace(/_/g, " ")})` : ""}`;
  return endGift(trx, pledge, `${text(mandate, "id") ?? customer}/inactive`, why, event, mail);
}

/**
 * Before the transaction: the customer of an inactive mandate's payment method (a mandate names
 * no customer), or null. Never throws: without it the event is kept as ignored.
 */
export async function lookupMandateCustomer(type: string, object: Fields | undefined): Promise<string | null> {
  if (type !== "mandate.updated" || text(object, "status") !== "inactive") return null;
  const paymentMethod = idOf(object, "payment_method");
  const client = getStripe();
  if (!paymentMethod || !client) return null;
  try {
    const method = await client.stripe.paymentMethods.retrieve(paymentMethod);
    return typeof method.customer === "string" ? method.customer : (method.customer?.id ?? null);
  } catch {
    return null;
  }
}

/** What a failed collection or ended mandate says to staff. */
function eventLine(event: { kind: "failed" | "ended"; attempt: number | null; nextAttemptOn: string | null }) {
  if (event.kind === "ended") return "Direct Debit cancelled";
  const attempt = event.attempt && event.attempt > 1 ? ` (Stripe's retry, attempt ${event.attempt})` : "";
  const retry = event.nextAttemptOn ? `; Stripe retries about ${day(event.nextAttemptOn)}` : "; no retry";
  return `Collection failed${attempt}${retry}`;
}

/** The pledge page's Direct Debit part: its state in words and its failed collections, or null for other gifts. */
export async function directDebitOfPledge(pledge: Pledge) {
  if (!pledge.directDebit) return null;
  const events = await listDirectDebitEventsOfPledge(getDb(), pledge.id);
  return {
    status: directDebitStatusLine(pledge),
    events: events.map((event) => ({
      id: event.id,
      at: event.occurredAt,
      what: eventLine(event),
      reason: event.reason,
    })),
  };
}

/** Staff: failed collections and cancelled mandates of the last `days` days, with reasons. */
export async function recentDirectDebitProblems(days = 30) {
  const since = new Date(Date.parse(nowIsoString()) - days * 86_400_000).toISOString();
  const events = await listRecentDirectDebitEvents(getDb(), since);
  return events.map((event) => ({
    id: event.id,
    pledgeId: event.pledgeId,
    reference: event.reference,
    name: event.name,
    amount: formatPence(event.amountPence),
    at: event.occurredAt,
    what: eventLine(event),
    reason: event.reason,
  }));
}

/**
 * The donor changed (`amountPence`) or cancelled their Direct Debit at Your giving: a confirmation
 * e-mail (a change with the Guarantee's advance-notice promise). Nothing for other gifts.
 */
export async function mailDirectDebitChangeByDonor(reference: string, amountPence: number | null): Promise<void> {
  const db = getDb();
  const pledge = await pledgeFromReference(db, reference);
  if (!pledge?.directDebit) return;
  const charity = await getCharitySettings(db);
  const content =
    amountPence === null
      ? directDebitDonorMail(
          directDebitWords.stoppedSubject(charity.name),
          directDebitWords.stoppedBody(pledge.firstName),
          { guarantee: null },
          charity,
        )
      : directDebitDonorMail(
          directDebitWords.changedSubject(charity.name),
          directDebitWords.changedBody(pledge.firstName, formatPence(amountPence)),
          { guarantee },
          charity,
        );
  await enqueueMail(db, {
    kind: amountPence === null ? "dd.stopped" : "dd.changed",
    to: pledge.email,
    pledgeId: pledge.id,
    ...content,
  });
}
