// Stripe's events about tickets (called by the webhook router, app/site/services/stripe-webhooks.server.ts,
// in its transaction): a paid checkout becomes tickets, an expired one is released, a refund
// cancels the tickets it covers; the order's donation goes through the gifts ledger.
import { nowDate } from "~/infra/clock.server";
import type { DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { logger } from "~/infra/logger.server";
import { enqueueMail } from "~/mail/index.server";
import {
  cancelSomeTickets,
  eventAndTypeOfOrder,
  getEvent,
  getOrderByPaymentIntent,
  getOrderByReference,
  listOrderTickets,
  moveOrder,
  moveWaitlistEntry,
  raiseOrderRefunded,
  sellHeldPlaces,
  sellPlaces,
  unsellPlaces,
  type TicketOrder,
} from "~/events/models/events.server";
import { ticketMail } from "~/content/event-mail";
import { addDeclaration } from "~/gift-aid/index.server";
import { keepPublicFormDetails } from "~/supporters/index.server";
import {
  createPledge,
  declarationCopy,
  findPaymentByStripeId,
  recordPayment,
  recordRefund,
} from "~/giving/index.server";
import type { GiftAidDetails } from "~/giving/schemas/donation";
import { toLondonDay } from "~/utils/dates";
import {
  child as stripeChild,
  idOf as stripeIdOf,
  text as stripeText,
  type Fields as StripeFields,
} from "~/infra/stripe-fields.server";
import type { CharitySettings } from "~/utils/charity-settings";
import { eventMail, type EventMailBlock } from "./event-mail.server";
import { formatPence } from "~/utils/money";
import { issueTickets } from "./ticket-issue.server";
import { offerToWaitingList, releaseOrder } from "./ticket-holds.server";
import { TICKETS_METADATA_KIND, iso } from "./ticket-rules.server";

/** Who the ledger says recorded a ticket order's donation and its refunds. */
const STRIPE_TICKETS_ACTOR = "stripe";

// ---------------------------------------------------------------------------------------------
// Stripe's events (called by the webhook router, stripe-webhooks.server.ts, in its transaction)

type Fields = StripeFields;
const text = stripeText;
const child = stripeChild;
const idOf = stripeIdOf;
export type TicketEventOutcome = "recorded" | "ignored" | { attention: string } | null;

/**
 * A Stripe event about tickets, or null when it is not one (the card gifts' handlers take it).
 * completed → the hold becomes tickets; expired → released; a refund → the whole tickets it covers released.
 */
export async function handleTicketEvent(
  trx: DB,
  type: string,
  object: Fields,
  charity: CharitySettings,
): Promise<TicketEventOutcome> {
  const now = nowDate();
  if (type === "checkout.session.completed" || type === "checkout.session.expired") {
    if (text(child(object, "metadata"), "kind") !== TICKETS_METADATA_KIND) return null;
    const reference = text(object, "client_reference_id") ?? text(child(object, "metadata"), "reference");
    const order = reference ? await getOrderByReference(trx, reference) : undefined;
    if (!order) return "ignored";
    if (type === "checkout.session.expired")
      return (await releaseOrder(trx, order, now, charity)) ? "recorded" : "ignored";
    if (text(object, "payment_status") !== "paid") return "ignored";
    const expected = order.ticketsPence + order.donationPence;
    if (object.amount_total !== expected || text(object, "currency")?.toLowerCase() !== "gbp") {
      return {
        attention: `ticket order ${order.reference}: Checkout paid ${String(object.amount_total)}, not ${expected} GBP`,
      };
    }
    return completeOrder(trx, order, idOf(object, "payment_intent"), now, charity);
  }
  if (type === "charge.refunded") {
    const paymentIntent = idOf(object, "payment_intent");
    const order = paymentIntent ? await getOrderByPaymentIntent(trx, paymentIntent) : undefined;
    if (!order) return null;
    return refundOrder(trx, order, object, now, charity);
  }
  return null;
}

/**
 * Stripe refunded some or all of a paid order (`amount_refunded` is the charge's total so far).
 * The refund counts against the tickets first: each whole ticket price it covers cancels a ticket
 * and releases its place (offered to the waiting list); a part of a ticket's price releases
 * nothing, and never more places than were refunded. A refund of everything cancels the rest and
 * marks the order refunded. Repeated or crossed deliveries act once, on the total.
 */
async function refundOrder(
  trx: DB,
  order: TicketOrder,
  charge: Fields,
  now: Date,
  charity: CharitySettings,
): Promise<TicketEventOutcome> {
  const refunded = typeof charge.amount_refunded === "number" ? Math.trunc(charge.amount_refunded) : null;
  const paid = order.ticketsPence + order.donationPence;
  if (order.status !== "paid" || refunded === null || refunded <= 0) return "ignored";
  const total = Math.min(refunded, paid);
  if (!(await raiseOrderRefunded(trx, order.id, total))) return "ignored";
  const price = order.quantity > 0 ? order.ticketsPence / order.quantity : 0;
  const wholeTickets = (pence: number) => (price > 0 ? Math.floor(Math.min(pence, order.ticketsPence) / price) : 0);
  const everything = charge.refunded === true || total >= paid;
  const release = everything
    ? order.quantity - wholeTickets(order.refundedPence)
    : wholeTickets(total) - wholeTickets(order.refundedPence);
  const released = await cancelSomeTickets(trx, order.id, release, iso(now));
  await refundDonation(trx, order, total, now);
  if (released > 0) {
    await unsellPlaces(trx, order.ticketTypeId, released);
    await offerToWaitingList(trx, order.ticketTypeId, now, charity);
  }
  if (everything) await moveOrder(trx, order.id, "paid", "refunded", { releasedAt: iso(now) });
  await queueRefundMail(trx, order, total - order.refundedPence, released, everything, charity);
  logger.info(
    { event: "tickets.refunded", order: order.reference, refunded_pence: total, released },
    "Ticket order refunded",
  );
  return "recorded";
}

/**
 * Tells the buyer what was refunded, which tickets no longer admit, and what still stands; queued
 * in the webhook's transaction (a repeated delivery acts once, so it is sent once).
 */
async function queueRefundMail(
  trx: DB,
  order: TicketOrder,
  amountPence: number,
  released: number,
  everything: boolean,
  charity: CharitySettings,
): Promise<void> {
  const event = (await getEvent(trx, order.eventId))!;
  const live = (await listOrderTickets(trx, order.id)).filter((ticket) => !ticket.cancelledAt).length;
  const blocks: EventMailBlock[] = [
    {
      kind: "p",
      text: ticketMail.refundIntro(order.buyerName, formatPence(amountPence), event.title, order.reference),
    },
  ];
  if (released > 0) blocks.push({ kind: "p", text: ticketMail.refundCancelled(released) });
  if (everything) blocks.push({ kind: "p", text: ticketMail.refundAll });
  else if (live > 0) blocks.push({ kind: "p", text: ticketMail.refundKept(live) });
  const mail = eventMail(charity, ticketMail.refundSubject(event.title), blocks);
  await enqueueMail(trx, { kind: "event.refund", to: order.buyerEmail, ...mail });
}

/** Where the ledger records an order's donation: its own Stripe id, beside the order's payment intent. */
const donationStripeId = (order: TicketOrder) => `${order.stripePaymentIntent ?? order.reference}/donation`;

/**
 * The donation of a paid order, a gift: a one-time card pledge in the buyer's name with its
 * payment recorded through the ledger (and its thank-you), and the Gift Aid declaration made with
 * it, so the gift can be claimed. The tickets never become a pledge (a benefit, not a gift).
 */
async function recordDonation(
  trx: DB,
  order: TicketOrder,
  paymentIntent: string | null,
  now: Date,
  charity: CharitySettings,
): Promise<void> {
  const words = order.buyerName.trim().split(/\s+/);
  const lastName = words.length > 1 ? words.pop()! : "";
  const pledge = await createPledge(trx, {
    type: "one-time",
    amountPence: order.donationPence,
    firstName: words.join(" "),
    lastName,
    email: order.buyerEmail,
    inHonour: false,
    payBy: "card",
  });
  const giftAid = order.giftAid ? (JSON.parse(order.giftAid) as GiftAidDetails) : null;
  // A known address: what the booking typed is kept beside the supporter, never applied to them.
  await keepPublicFormDetails(trx, pledge, giftAid, "event");
  if (giftAid) await addDeclaration(trx, pledge, giftAid, charity);
  await recordPayment(
    trx,
    {
      pledgeId: pledge.id,
      receivedOn: toLondonDay(iso(now)),
      amountPence: order.donationPence,
      method: "card",
      note: `Donation with event tickets ${order.reference}`,
      stripeId: donationStripeId({ ...order, stripePaymentIntent: paymentIntent }),
    },
    STRIPE_TICKETS_ACTOR,
    { charity, declarationCopy: await declarationCopy(trx, pledge.id) },
  );
}

/** The part of a refund past the tickets' price gives the donation back, through the ledger. */
async function refundDonation(trx: DB, order: TicketOrder, refundedTotal: number, now: Date): Promise<void> {
  const pastTickets = (pence: number) =>
    Math.max(0, Math.min(pence, order.ticketsPence + order.donationPence) - order.ticketsPence);
  const amount = pastTickets(refundedTotal) - pastTickets(order.refundedPence);
  if (amount <= 0) return;
  const payment = await findPaymentByStripeId(trx, donationStripeId(order));
  if (!payment) return;
  await recordRefund(
    trx,
    {
      paymentId: payment.id,
      amountPence: amount,
      receivedOn: toLondonDay(iso(now)),
      note: `Refund through Stripe with event tickets ${order.reference}`,
      stripeId: `${donationStripeId(order)}/refunded/${refundedTotal}`,
    },
    STRIPE_TICKETS_ACTOR,
  );
}

/** A paid checkout: the hold becomes tickets. Paid after its hold was released, it takes free places if any. */
async function completeOrder(
  trx: DB,
  order: TicketOrder,
  paymentIntent: string | null,
  now: Date,
  charity: CharitySettings,
) {
  const { event, type } = await eventAndTypeOfOrder(trx, order);
  const paid = { paidAt: iso(now), paymentIntent };
  if (await moveOrder(trx, order.id, "held", "paid", paid)) {
    await sellHeldPlaces(trx, type.id, order.quantity);
  } else if (order.status === "released" && (await sellPlaces(trx, type.id, order.quantity))) {
    await moveOrder(trx, order.id, "released", "paid", paid);
  } else if (order.status === "released") {
    const { STAFF_EMAIL } = getEnv();
    const detail = `ticket order ${order.reference} was paid after its hold ran out, and the places are gone: refund it in Stripe`;
    if (STAFF_EMAIL) {
      const mail = eventMail(charity, ticketMail.staffAttentionSubject, [{ kind: "p", text: detail }]);
      await enqueueMail(trx, { kind: "event.attention.staff", to: STAFF_EMAIL, ...mail });
    }
    return { attention: detail };
  } else {
    return "ignored" as const;
  }
  if (order.waitlistId) await moveWaitlistEntry(trx, order.waitlistId, "offered", "booked");
  await issueTickets(trx, order, event, type, charity);
  if (order.donationPence > 0) await recordDonation(trx, order, paymentIntent, now, charity);
  return "recorded" as const;
}
