// Long because it is the whole life of a ticket order in one place: the hold and the Checkout
// Session, free bookings, the webhook events that turn a hold into tickets or release it, the
// sweep of holds whose time ran out, refunds, the waiting list's offers and the ticket e-mail.
// Splitting them would scatter the one rule: places move only with an order's status, in the
// same transaction (docs/decisions/0032-event-tickets.md, docs/events.md).
import crypto from "node:crypto";
import QRCode from "qrcode";
import { nowDate } from "~/infra/clock.server";
import { getDb, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { logger } from "~/infra/logger.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { signLinkToken, verifyLinkToken } from "~/infra/signed-link.server";
import { getStripe, type Stripe } from "~/infra/stripe.server";
import { enqueueMail } from "~/mail/index.server";
import {
  addToWaitlist,
  cancelSomeTickets,
  countPlacesHeldByEmail,
  createOrder,
  createTickets,
  getEvent,
  getEventBySlug,
  getOrderByPaymentIntent,
  getOrderByReference,
  getTicketType,
  holdPlaces,
  orderGuests,
  listExpiredHolds,
  listOrderTickets,
  moveOrder,
  moveWaitlistEntry,
  nextWaiting,
  raiseOrderRefunded,
  releaseHeldPlaces,
  sellHeldPlaces,
  sellPlaces,
  setOrderSession,
  unsellPlaces,
  type EventRow,
  type Guest,
  type TicketOrder,
  type TicketType,
} from "~/events/models/events.server";
import { eventsPage } from "~/content/events";
import { ticketMail } from "~/content/event-mail";
import { formatLongDateTime } from "~/utils/dates";
import { formatPence } from "~/utils/money";
import { getCharitySettings } from "~/site/index.server";
import { Refusal } from "~/utils/refusal";
import { createCheckoutSession, expireCheckoutSession } from "~/giving/index.server";
import { countRecentFormPosts, recordFormPost } from "~/site/index.server";
import { eventMail, type EventMailBlock } from "./event-mail.server";
import { addDeclaration } from "~/gift-aid/index.server";
import { keepPublicFormDetails } from "~/supporters/index.server";
import { recordPayment, recordRefund } from "~/giving/index.server";
import { declarationCopy } from "~/giving/index.server";
import { createPledge } from "~/giving/index.server";
import { findPaymentByStripeId } from "~/giving/index.server";
import type { GiftAidDetails } from "~/giving/schemas/donation";
import { toLondonDay } from "~/utils/dates";
import {
  child as stripeChild,
  idOf as stripeIdOf,
  text as stripeText,
  type Fields as StripeFields,
} from "~/infra/stripe-fields.server";
import type { CharitySettings } from "~/utils/charity-settings";

/**
 * How long a checkout holds its places: short, like a box office's timer, so one client cannot
 * keep places from real buyers. Stripe's shortest session is 30 minutes, so the session is made
 * for CHECKOUT_SESSION_MINUTES and expired by us (checkout.sessions.expire) when the hold lapses.
 */
export const HOLD_MINUTES = 10;
/** A ticket Checkout Session's own life (Stripe's minimum is 30 minutes from its creation, plus a minute's margin). */
export const CHECKOUT_SESSION_MINUTES = 31;
/** At most this many places held at once by one e-mail address, and by one client (address), across events. */
export const MAX_HELD_PLACES = 10;
/** How long a released place is kept for the next person on the waiting list. */
export const OFFER_HOURS = 24;
/** The sweep releases a hold as soon as its time is past (and expires its Checkout Session). */
export const SWEEP_GRACE_MINUTES = 0;
/** At most this many tickets in one order. */
export const MAX_TICKETS_PER_ORDER = 10;

const MINUTE_MS = 60_000;
/** The Checkout Sessions of tickets say so in their metadata. */
export const TICKETS_METADATA_KIND = "event-tickets";
const TICKET_PURPOSE = "event-ticket";
/** Who the ledger says recorded a ticket order's donation and its refunds. */
const STRIPE_TICKETS_ACTOR = "stripe";
const OFFER_PURPOSE = "event-offer";

/** Why a booking was refused: sold out (the waiting list is offered), not on sale, or unavailable. */
export class BookingRefused extends Refusal {
  constructor(
    message: string,
    readonly reason: "sold-out" | "not-on-sale" | "unavailable" | "not-found",
    status: 404 | 409 = 409,
  ) {
    super(message, status);
  }
}

const iso = (at: Date) => at.toISOString();

/** A reference like EV-7K2M9QXD4R: Crockford-style letters, nothing personal. */
function newReference(): string {
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  const bytes = crypto.randomBytes(10);
  return `EV-${[...bytes].map((b) => alphabet[b % 32]).join("")}`;
}

function newTicketCode(): string {
  return crypto.randomBytes(12).toString("base64url").replace(/[-_]/g, "x").slice(0, 16);
}

/** Whether the ticket type is on sale now, or why not. */
export function saleState(type: TicketType, at: string): "on-sale" | "not-yet" | "ended" {
  if (type.saleStartsAt && at < type.saleStartsAt) return "not-yet";
  if (type.saleEndsAt && at >= type.saleEndsAt) return "ended";
  return "on-sale";
}

export function placesLeft(type: TicketType): number {
  return Math.max(0, type.places - type.sold - type.held);
}

// ---------------------------------------------------------------------------------------------
// Booking

export interface BookingInput {
  slug: string;
  ticketTypeId: number;
  quantity: number;
  name: string;
  email: string;
  donationPence: number;
  /** Whom tickets 2 onwards are for (a table): as many as the quantity less one, or none. */
  guests?: readonly Guest[];
  /** The Gift Aid declaration made with the donation (never the tickets). */
  giftAid?: GiftAidDetails | null;
  /** The keyed client address of the post (the public form's), for the per-client hold limit. */
  client?: string;
}

export type BookingOutcome =
  { kind: "checkout"; url: string; reference: string } | { kind: "booked"; reference: string };

/** Where Checkout sends the buyer back: the order's page, or the same page told they cancelled. */
export function orderPath(slug: string, reference: string, cancelled = false): string {
  return `/events/${slug}/order/${reference}${cancelled ? "?cancelled=1" : ""}`;
}

/**
 * Books places. The places are held (or, for a free booking, sold) by one conditional UPDATE
 * in the same transaction as the order that owns them; only then is the Checkout Session made.
 * Refuses with BookingRefused: sold out (the page offers the waiting list), not on sale, or card
 * payments unavailable (the hold is released at once).
 */
export async function startBooking(input: BookingInput, db: DB = getDb()): Promise<BookingOutcome> {
  const now = nowDate();
  const event = await getEventBySlug(db, input.slug);
  const type = await getTicketType(db, input.ticketTypeId);
  if (!event || event.status !== "published" || !type || type.eventId !== event.id) {
    throw new BookingRefused("There is no such ticket.", "not-found", 404);
  }
  if (saleState(type, iso(now)) !== "on-sale") {
    throw new BookingRefused("These tickets are not on sale now.", "not-on-sale");
  }
  const quantity = Math.trunc(input.quantity);
  if (quantity < 1 || quantity > MAX_TICKETS_PER_ORDER)
    throw new BookingRefused("Choose 1 to 10 tickets.", "not-on-sale");
  const guests = input.guests ?? [];
  if (guests.length > 0 && guests.length !== quantity - 1)
    throw new BookingRefused("Name each guest of your booking.", "not-on-sale");
  const ticketsPence = type.pricePence * quantity;
  const free = ticketsPence === 0 && input.donationPence === 0;
  if (!free && !getStripe()) throw new BookingRefused(eventsPage.paymentsUnavailable, "unavailable");
  // Read before the transaction: the mail it queues names the charity.
  const charity = await getCharitySettings(db);
  if (!free) await checkHoldLimits(db, input, quantity, now);

  const attempt = () =>
    db.transaction().execute(async (trx) => {
      const got = free ? await sellPlaces(trx, type.id, quantity) : await holdPlaces(trx, type.id, quantity);
      if (!got) return null;
      const order = await createOrder(
        trx,
        {
          reference: newReference(),
          eventId: event.id,
          ticketTypeId: type.id,
          quantity,
          buyerName: input.name,
          buyerEmail: input.email,
          ticketsPence,
          donationPence: input.donationPence,
          status: free ? "paid" : "held",
          holdExpiresAt: free ? null : iso(new Date(now.getTime() + HOLD_MINUTES * MINUTE_MS)),
          guests,
          giftAid: input.giftAid && input.donationPence > 0 ? JSON.stringify(input.giftAid) : null,
        },
        iso(now),
      );
      if (free) await issueTickets(trx, order, event, type, charity);
      return order;
    });
  let order = await attempt();
  // Holds past their time are released here too, not only by the sweep: a buyer is never told
  // "sold out" because of a checkout abandoned an hour ago.
  if (!order && (await releaseExpiredHolds(now, db, type.id)) > 0) order = await attempt();
  if (!order) {
    const now2 = (await getTicketType(db, type.id)) ?? type;
    // Held, not sold: say so (places may come free within minutes), and still offer the waiting list.
    throw new BookingRefused(
      now2.held > 0 && now2.sold < now2.places ? eventsPage.heldNow(HOLD_MINUTES) : eventsPage.soldOutNow,
      "sold-out",
    );
  }
  if (free) return { kind: "booked", reference: order.reference };
  if (input.client) {
    for (let place = 0; place < quantity; place++) await recordFormPost(db, holdKey(input.client), now);
  }
  return { kind: "checkout", url: await checkoutForHeldOrder(order, event, type, db), reference: order.reference };
}

const holdKey = (client: string) => `event-hold:${client}`;

/**
 * One e-mail address, and one client, may hold at most MAX_HELD_PLACES places at once: an
 * address's holds are counted on its orders; a client's are the places it took within the
 * last HOLD_MINUTES (as long as a hold lasts), counted beside the public forms' posts.
 */
async function checkHoldLimits(db: DB, input: BookingInput, quantity: number, now: Date): Promise<void> {
  const byEmail = await countPlacesHeldByEmail(db, input.email);
  const byClient = input.client
    ? await countRecentFormPosts(db, holdKey(input.client), HOLD_MINUTES * MINUTE_MS, now)
    : 0;
  if (Math.max(byEmail, byClient) + quantity > MAX_HELD_PLACES) {
    throw new BookingRefused(eventsPage.tooManyHeld(MAX_HELD_PLACES, HOLD_MINUTES), "not-on-sale", 409);
  }
}

/** The Checkout Session of a held order; when Stripe fails, the hold is released and the buyer told. */
async function checkoutForHeldOrder(order: TicketOrder, event: EventRow, type: TicketType, db: DB): Promise<string> {
  try {
    return await createTicketCheckout(order, event, type, db);
  } catch (error) {
    logger.error(
      { event: "tickets.checkout_failed", order: order.reference, err: error instanceof Error ? error.message : error },
      "Could not create a Checkout Session for tickets",
    );
    const charity = await getCharitySettings(db);
    await db.transaction().execute(async (trx) => releaseOrder(trx, order, nowDate(), charity));
    throw new BookingRefused(eventsPage.paymentsUnavailable, "unavailable");
  }
}

/**
 * One-time Checkout: the tickets as one line (quantity × price), the donation as a line of its
 * own. The session expires a minute after our hold (Stripe's shortest), so Stripe's
 * `checkout.session.expired` releases it; the idempotency key is the order's.
 */
async function createTicketCheckout(order: TicketOrder, event: EventRow, type: TicketType, db: DB): Promise<string> {
  const { name } = await getCharitySettings(db);
  const metadata = { kind: TICKETS_METADATA_KIND, reference: order.reference };
  const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [];
  if (order.ticketsPence > 0) {
    lineItems.push({
      quantity: order.quantity,
      price_data: {
        currency: "gbp",
        unit_amount: type.pricePence,
        product_data: { name: `${event.title}: ${type.name}` },
      },
    });
  }
  if (order.donationPence > 0) {
    lineItems.push({
      quantity: 1,
      price_data: { currency: "gbp", unit_amount: order.donationPence, product_data: { name: `Donation to ${name}` } },
    });
  }
  // Stripe's shortest session is 30 minutes; our hold is shorter and the sweep expires the session.
  const sessionEnds = nowDate().getTime() + CHECKOUT_SESSION_MINUTES * MINUTE_MS;
  const session = await createCheckoutSession(
    {
      mode: "payment",
      client_reference_id: order.reference,
      customer_email: order.buyerEmail,
      metadata,
      payment_intent_data: { metadata, description: `Tickets ${order.reference}` },
      line_items: lineItems,
      expires_at: Math.ceil(sessionEnds / 1000),
      success_url: absoluteUrl(orderPath(event.slug, order.reference)),
      cancel_url: absoluteUrl(orderPath(event.slug, order.reference, true)),
    },
    { idempotencyKey: `tickets-${order.reference}`, pace: "wait" },
  );
  await setOrderSession(db, order.id, session.id);
  logger.info({ event: "tickets.checkout", order: order.reference, session: session.id }, "Ticket checkout created");
  return session.url;
}

/** A sold-out buyer joins the waiting list of that ticket type. */
export async function joinWaitlist(
  input: { slug: string; ticketTypeId: number; name: string; email: string },
  db: DB = getDb(),
): Promise<void> {
  const event = await getEventBySlug(db, input.slug);
  const type = await getTicketType(db, input.ticketTypeId);
  if (!event || !type || type.eventId !== event.id)
    throw new BookingRefused("There is no such ticket.", "not-found", 404);
  await db.transaction().execute(async (trx) => {
    await addToWaitlist(
      trx,
      { eventId: event.id, ticketTypeId: type.id, name: input.name, email: input.email },
      iso(nowDate()),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// The order's page (Checkout's return), cancel and the waiting list's offer

export async function orderStatus(slug: string, reference: string, db: DB = getDb()) {
  const order = await getOrderByReference(db, reference);
  const event = order ? await getEvent(db, order.eventId) : undefined;
  if (!order || !event || event.slug !== slug) return undefined;
  return { reference: order.reference, status: order.status, quantity: order.quantity, title: event.title, slug };
}

/** The buyer who left Checkout pressed "release": the places go back on sale at once (a later payment is still honoured if places remain). */
export async function cancelHeldOrder(slug: string, reference: string, db: DB = getDb()): Promise<void> {
  const order = await getOrderByReference(db, reference);
  const event = order ? await getEvent(db, order.eventId) : undefined;
  if (!order || !event || event.slug !== slug || order.status !== "held") return;
  const charity = await getCharitySettings(db);
  await db.transaction().execute(async (trx) => releaseOrder(trx, order, nowDate(), charity));
}

/** The token of a waiting-list offer's link: the order's reference, valid while the place is held. */
function offerToken(order: TicketOrder): string {
  const until = order.holdExpiresAt ? new Date(order.holdExpiresAt) : nowDate();
  return signLinkToken(OFFER_PURPOSE, [order.reference.replace("-", "")], until);
}

async function orderFromOfferToken(token: string, db: DB): Promise<TicketOrder | undefined> {
  const check = verifyLinkToken(OFFER_PURPOSE, token, 1, nowDate());
  if (!check.ok) return undefined;
  const raw = check.fields[0];
  const order = await getOrderByReference(db, `${raw.slice(0, 2)}-${raw.slice(2)}`);
  return order && order.status === "held" && order.waitlistId !== null ? order : undefined;
}

export async function offerDetails(token: string, db: DB = getDb()) {
  const order = await orderFromOfferToken(token, db);
  if (!order) return undefined;
  const event = (await getEvent(db, order.eventId))!;
  const type = (await getTicketType(db, order.ticketTypeId))!;
  return {
    title: event.title,
    slug: event.slug,
    ticketType: type.name,
    price: type.pricePence === 0 ? eventsPage.free : formatPence(type.pricePence),
    until: formatLongDateTime(order.holdExpiresAt ?? ""),
  };
}

/** Takes an offered place: Checkout for a paid ticket, tickets at once for a free one. */
export async function takeOffer(token: string, db: DB = getDb()): Promise<BookingOutcome> {
  const order = await orderFromOfferToken(token, db);
  if (!order) throw new BookingRefused(eventsPage.offerGone, "not-on-sale", 409);
  const event = (await getEvent(db, order.eventId))!;
  const type = (await getTicketType(db, order.ticketTypeId))!;
  if (order.ticketsPence === 0) {
    const charity = await getCharitySettings(db);
    await db.transaction().execute(async (trx) => {
      if (!(await moveOrder(trx, order.id, "held", "paid", { paidAt: iso(nowDate()) }))) return;
      await sellHeldPlaces(trx, type.id, order.quantity);
      if (order.waitlistId) await moveWaitlistEntry(trx, order.waitlistId, "offered", "booked");
      await issueTickets(trx, order, event, type, charity);
    });
    return { kind: "booked", reference: order.reference };
  }
  if (!getStripe()) throw new BookingRefused(eventsPage.paymentsUnavailable, "unavailable");
  return { kind: "checkout", url: await createTicketCheckout(order, event, type, db), reference: order.reference };
}

// ---------------------------------------------------------------------------------------------
// Releasing places, and offering them to the waiting list

/** Releases a held order's places (in the caller's transaction) and offers them on. False when it was not held. */
async function releaseOrder(trx: DB, order: TicketOrder, now: Date, charity: CharitySettings): Promise<boolean> {
  if (!(await moveOrder(trx, order.id, "held", "released", { releasedAt: iso(now) }))) return false;
  await releaseHeldPlaces(trx, order.ticketTypeId, order.quantity);
  if (order.waitlistId) await moveWaitlistEntry(trx, order.waitlistId, "offered", "lapsed");
  await offerToWaitingList(trx, order.ticketTypeId, now, charity);
  return true;
}

/**
 * Offers free places of a ticket type to the people waiting, one place each, in turn: each
 * offer is a held order in their name (the same hold as a checkout's, for OFFER_HOURS) and an
 * e-mail with a link to take it. Nothing happens while nobody waits or nothing is free.
 */
export async function offerToWaitingList(
  trx: DB,
  ticketTypeId: number,
  now: Date,
  charity: CharitySettings,
): Promise<number> {
  let offered = 0;
  for (;;) {
    const next = await nextWaiting(trx, ticketTypeId);
    if (!next) return offered;
    const type = (await getTicketType(trx, ticketTypeId))!;
    if (saleState(type, iso(now)) === "ended") return offered;
    if (!(await holdPlaces(trx, ticketTypeId, 1))) return offered;
    const until = new Date(now.getTime() + OFFER_HOURS * 3_600_000);
    if (!(await moveWaitlistEntry(trx, next.id, "waiting", "offered", iso(until)))) {
      await releaseHeldPlaces(trx, ticketTypeId, 1);
      continue;
    }
    const order = await createOrder(
      trx,
      {
        reference: newReference(),
        eventId: next.eventId,
        ticketTypeId,
        quantity: 1,
        buyerName: next.name,
        buyerEmail: next.email,
        ticketsPence: type.pricePence,
        donationPence: 0,
        status: "held",
        holdExpiresAt: iso(until),
        waitlistId: next.id,
      },
      iso(now),
    );
    const event = (await getEvent(trx, next.eventId))!;
    const url = absoluteUrl(`/events/${event.slug}/offer/${offerToken(order)}`);
    const mail = eventMail(charity, ticketMail.offerSubject(event.title), [
      { kind: "p", text: ticketMail.offerIntro(next.name, event.title, formatLongDateTime(iso(until))) },
      { kind: "link", label: ticketMail.offerLink, url },
      { kind: "p", text: ticketMail.offerIgnore },
    ]);
    await enqueueMail(trx, { kind: "event.offer", to: next.email, ...mail }, now);
    offered += 1;
  }
}

/**
 * Releases holds whose time ran out (SWEEP_GRACE_MINUTES ago), each in its own transaction;
 * `ticketTypeId` limits it to one ticket type. Returns how many were released.
 */
export async function releaseExpiredHolds(now: Date = nowDate(), db: DB = getDb(), ticketTypeId?: number) {
  const before = iso(new Date(now.getTime() - SWEEP_GRACE_MINUTES * MINUTE_MS));
  const expired = (await listExpiredHolds(db, before)).filter(
    (order) => ticketTypeId === undefined || order.ticketTypeId === ticketTypeId,
  );
  if (expired.length === 0) return 0;
  const charity = await getCharitySettings(db);
  let released = 0;
  for (const order of expired) {
    if (await db.transaction().execute((trx) => releaseOrder(trx, order, now, charity))) {
      released += 1;
      // The buyer's Checkout page closes with the hold (a payment that still lands takes free places, or staff are told).
      if (order.stripeSession) await expireCheckoutSession(order.stripeSession);
    }
  }
  return released;
}

// ---------------------------------------------------------------------------------------------
// Tickets and their e-mail

/** The text a ticket's QR code carries: a signed token around its random code, nothing personal. */
export function ticketToken(code: string, eventStartsAt: string): string {
  // Valid until a year after the event: long enough for any door, short enough to mean nothing later.
  return signLinkToken(TICKET_PURPOSE, [code], new Date(new Date(eventStartsAt).getTime() + 365 * 86_400_000));
}

/** The ticket code a scanned or typed token names, or null when it is not one of ours. */
export function codeFromTicketToken(token: string): string | null {
  const check = verifyLinkToken(TICKET_PURPOSE, token.trim(), 1, nowDate());
  return check.ok ? check.fields[0] : null;
}

/** A ticket's QR code as a PNG. */
export function ticketQrPng(token: string): Promise<Buffer> {
  return QRCode.toBuffer(token, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 6 });
}

/**
 * Makes the order's tickets (the first the buyer's own, the others named for their guests) and
 * queues their e-mail, in the caller's transaction: the buyer gets every ticket; a guest who gave
 * an e-mail address gets their own ticket too.
 */
async function issueTickets(
  trx: DB,
  order: TicketOrder,
  event: EventRow,
  type: TicketType,
  charity: CharitySettings,
): Promise<void> {
  const guests = orderGuests(order);
  const tickets = Array.from({ length: order.quantity }, (_, index) => ({
    code: newTicketCode(),
    guest: index === 0 ? null : (guests[index - 1] ?? null),
  }));
  await createTickets(trx, order.id, tickets);
  const ticketBlocks = (of: typeof tickets): EventMailBlock[] =>
    of.map(({ code, guest }, index) => {
      const token = ticketToken(code, event.startsAt);
      const heading = ticketMail.ticketHeading(index + 1, of.length);
      return {
        kind: "ticket",
        heading: guest ? `${heading}: ${guest.name}` : heading,
        token,
        qrUrl: absoluteUrl(`/events/ticket/${token}.png`),
      };
    });
  const details = (tickets: string): EventMailBlock => ({
    kind: "fields",
    rows: [
      ["Event", event.title],
      ["When", formatLongDateTime(event.startsAt)],
      ["Where", event.venue],
      ["Tickets", tickets],
      ["Reference", order.reference],
    ],
  });
  const mail = eventMail(charity, ticketMail.subject(event.title), [
    { kind: "p", text: ticketMail.intro(order.buyerName, event.title) },
    details(`${order.quantity} × ${type.name}`),
    { kind: "p", text: ticketMail.howToUse },
    ...ticketBlocks(tickets),
  ]);
  await enqueueMail(trx, { kind: "event.tickets", to: order.buyerEmail, ...mail });
  for (const ticket of tickets) {
    if (!ticket.guest?.email) continue;
    const guestMail = eventMail(charity, ticketMail.guestSubject(event.title), [
      { kind: "p", text: ticketMail.guestIntro(ticket.guest.name, order.buyerName, event.title) },
      details(`1 × ${type.name}`),
      { kind: "p", text: ticketMail.howToUse },
      ...ticketBlocks([ticket]),
    ]);
    await enqueueMail(trx, { kind: "event.tickets", to: ticket.guest.email, ...guestMail });
  }
}

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
  logger.info(
    { event: "tickets.refunded", order: order.reference, refunded_pence: total, released },
    "Ticket order refunded",
  );
  return "recorded";
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
  const event = (await getEvent(trx, order.eventId))!;
  const type = (await getTicketType(trx, order.ticketTypeId))!;
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

/** The tickets of an order, for tests and staff. */
export function orderTickets(orderId: number, db: DB = getDb()) {
  return listOrderTickets(db, orderId);
}
