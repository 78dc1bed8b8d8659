// Booking: the hold and its Checkout Session, free bookings, the per-buyer hold limits, the
// order's page (Checkout's return) and its release, and taking a waiting-list offer.
import { nowDate } from "~/infra/clock.server";
import { getDb, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { getStripe, type Stripe } from "~/infra/stripe.server";
import {
  countPlacesHeldByEmail,
  createOrder,
  eventAndTypeOfOrder,
  findOrderAtEvent,
  findTicketTypeAtEvent,
  getTicketType,
  holdPlaces,
  moveOrder,
  moveWaitlistEntry,
  sellHeldPlaces,
  sellPlaces,
  setOrderSession,
  type EventRow,
  type Guest,
  type TicketOrder,
  type TicketType,
} from "~/events/models/events.server";
import { eventsPage } from "~/content/events";
import { getCharitySettings, countRecentFormPosts, recordFormPost } from "~/site/index.server";
import { createCheckoutSession } from "~/giving/index.server";
import type { GiftAidDetails } from "~/giving/schemas/donation";
import { issueTickets } from "./ticket-issue.server";
import { orderFromOfferToken, releaseExpiredHolds, releaseOrder } from "./ticket-holds.server";
import {
  BookingRefused,
  CHECKOUT_SESSION_MINUTES,
  HOLD_MINUTES,
  MAX_HELD_PLACES,
  MAX_TICKETS_PER_ORDER,
  MINUTE_MS,
  TICKETS_METADATA_KIND,
  iso,
  newReference,
  orderPath,
  saleState,
} from "./ticket-rules.server";

export interface BookingInput {
  slug: string;
  ticketTypeId: number;
  quantity: number;
  name: string;
  email: string;
  donationPence: number;
  /** Whom the tickets are for (a table): one per ticket, or (as before) tickets 2 onwards, or none. */
  guests?: readonly Guest[];
  /** The Gift Aid declaration made with the donation (never the tickets). */
  giftAid?: GiftAidDetails | null;
  /** The keyed client address of the post (the public form's), for the per-client hold limit. */
  client?: string;
}

export type BookingOutcome =
  { kind: "checkout"; url: string; reference: string } | { kind: "booked"; reference: string };

/**
 * Books places. The places are held (or, for a free booking, sold) by one conditional UPDATE
 * in the same transaction as the order that owns them; only then is the Checkout Session made.
 * Refuses with BookingRefused: sold out (the page offers the waiting list), not on sale, or card
 * payments unavailable (the hold is released at once).
 */
export async function startBooking(input: BookingInput, db: DB = getDb()): Promise<BookingOutcome> {
  const now = nowDate();
  const found = await findTicketTypeAtEvent(db, input.slug, input.ticketTypeId);
  if (!found || found.event.status !== "published") {
    throw new BookingRefused("There is no such ticket.", "not-found", 404);
  }
  const { event, type } = found;
  if (saleState(type, iso(now)) !== "on-sale") {
    throw new BookingRefused("These tickets are not on sale now.", "not-on-sale");
  }
  const quantity = Math.trunc(input.quantity);
  if (quantity < 1 || quantity > MAX_TICKETS_PER_ORDER)
    throw new BookingRefused("Choose 1 to 10 tickets.", "not-on-sale");
  const guests = input.guests ?? [];
  if (guests.length > 0 && guests.length !== quantity && guests.length !== quantity - 1)
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

// ---------------------------------------------------------------------------------------------
// The order's page (Checkout's return), cancel and the waiting list's offer

export async function orderStatus(slug: string, reference: string, db: DB = getDb()) {
  const found = await findOrderAtEvent(db, slug, reference);
  if (!found) return undefined;
  const { order, event } = found;
  return { reference: order.reference, status: order.status, quantity: order.quantity, title: event.title, slug };
}

/** The buyer who left Checkout pressed "release": the places go back on sale at once (a later payment is still honoured if places remain). */
export async function cancelHeldOrder(slug: string, reference: string, db: DB = getDb()): Promise<void> {
  const order = (await findOrderAtEvent(db, slug, reference))?.order;
  if (order?.status !== "held") return;
  const charity = await getCharitySettings(db);
  await db.transaction().execute(async (trx) => releaseOrder(trx, order, nowDate(), charity));
}

/** Takes an offered place: Checkout for a paid ticket, tickets at once for a free one. */
export async function takeOffer(token: string, db: DB = getDb()): Promise<BookingOutcome> {
  const order = await orderFromOfferToken(token, db);
  if (!order) throw new BookingRefused(eventsPage.offerGone, "not-on-sale", 409);
  const { event, type } = await eventAndTypeOfOrder(db, order);
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
