// Places released and offered on: a held order released (cancelled, expired, lapsed offer), the
// sweep of holds whose time ran out, and the waiting list (joining it, its offers and their links).
import { nowDate } from "~/infra/clock.server";
import { getDb, type DB } from "~/infra/db.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { signLinkToken, verifyLinkToken } from "~/infra/signed-link.server";
import { enqueueMail } from "~/mail/index.server";
import {
  addToWaitlist,
  createOrder,
  eventAndTypeOfOrder,
  findTicketTypeAtEvent,
  getEvent,
  getOrderByReference,
  getTicketType,
  holdPlaces,
  listExpiredHolds,
  moveOrder,
  moveWaitlistEntry,
  nextWaiting,
  releaseHeldPlaces,
  type TicketOrder,
} from "~/events/models/events.server";
import { eventsPage } from "~/content/events";
import { ticketMail } from "~/content/event-mail";
import { formatLongDateTime } from "~/utils/dates";
import { formatPence } from "~/utils/money";
import { getCharitySettings } from "~/site/index.server";
import { expireCheckoutSession } from "~/giving/index.server";
import type { CharitySettings } from "~/utils/charity-settings";
import { eventMail } from "./event-mail.server";
import {
  BookingRefused,
  MINUTE_MS,
  OFFER_HOURS,
  MAX_TICKETS_PER_ORDER,
  SWEEP_GRACE_MINUTES,
  iso,
  newReference,
  placesLeft,
  saleState,
} from "./ticket-rules.server";

const OFFER_PURPOSE = "event-offer";

/** A sold-out buyer joins the waiting list of that ticket type. */
export async function joinWaitlist(
  input: { slug: string; ticketTypeId: number; name: string; email: string; places?: number },
  db: DB = getDb(),
): Promise<void> {
  const found = await findTicketTypeAtEvent(db, input.slug, input.ticketTypeId);
  if (!found) throw new BookingRefused("There is no such ticket.", "not-found", 404);
  const { event, type } = found;
  const places = Math.trunc(input.places ?? 1);
  if (places < 1 || places > Math.min(MAX_TICKETS_PER_ORDER, type.places))
    throw new BookingRefused(eventsPage.waitlistTooMany(Math.min(MAX_TICKETS_PER_ORDER, type.places)), "not-on-sale");
  const charity = await getCharitySettings(db);
  const now = nowDate();
  await db.transaction().execute(async (trx) => {
    await addToWaitlist(
      trx,
      { eventId: event.id, ticketTypeId: type.id, name: input.name, email: input.email, places },
      iso(now),
    );
    // Told at once what happens next: an e-mail when places come free, and how long they are held.
    const mail = eventMail(charity, ticketMail.waitlistSubject(event.title), [
      { kind: "p", text: ticketMail.waitlistIntro(input.name, places, type.name, event.title) },
      { kind: "p", text: ticketMail.waitlistNext(OFFER_HOURS) },
      { kind: "p", text: ticketMail.waitlistNotYou },
    ]);
    await enqueueMail(trx, { kind: "event.waitlist", to: input.email, ...mail }, now);
  });
}

/** The token of a waiting-list offer's link: the order's reference, valid while the place is held. */
function offerToken(order: TicketOrder): string {
  const until = order.holdExpiresAt ? new Date(order.holdExpiresAt) : nowDate();
  return signLinkToken(OFFER_PURPOSE, [order.reference.replace("-", "")], until);
}

export async function orderFromOfferToken(token: string, db: DB): Promise<TicketOrder | undefined> {
  const check = verifyLinkToken(OFFER_PURPOSE, token, 1, nowDate());
  if (!check.ok) return undefined;
  const raw = check.fields[0];
  const order = await getOrderByReference(db, `${raw.slice(0, 2)}-${raw.slice(2)}`);
  return order && order.status === "held" && order.waitlistId !== null ? order : undefined;
}

export async function offerDetails(token: string, db: DB = getDb()) {
  const order = await orderFromOfferToken(token, db);
  if (!order) return undefined;
  const { event, type } = await eventAndTypeOfOrder(db, order);
  return {
    title: event.title,
    slug: event.slug,
    ticketType: type.name,
    places: order.quantity,
    price: type.pricePence === 0 ? eventsPage.free : formatPence(type.pricePence),
    until: formatLongDateTime(order.holdExpiresAt ?? ""),
  };
}

// ---------------------------------------------------------------------------------------------
// Releasing places, and offering them to the waiting list

/** Releases a held order's places (in the caller's transaction) and offers them on. False when it was not held. */
export async function releaseOrder(trx: DB, order: TicketOrder, now: Date, charity: CharitySettings): Promise<boolean> {
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
    const type = (await getTicketType(trx, ticketTypeId))!;
    if (saleState(type, iso(now)) === "ended") return offered;
    const free = placesLeft(type);
    if (free < 1) return offered;
    const next = await nextWaiting(trx, ticketTypeId, free);
    if (!next) return offered;
    if (!(await holdPlaces(trx, ticketTypeId, next.places))) return offered;
    const until = new Date(now.getTime() + OFFER_HOURS * 3_600_000);
    if (!(await moveWaitlistEntry(trx, next.id, "waiting", "offered", iso(until)))) {
      await releaseHeldPlaces(trx, ticketTypeId, next.places);
      continue;
    }
    const order = await createOrder(
      trx,
      {
        reference: newReference(),
        eventId: next.eventId,
        ticketTypeId,
        quantity: next.places,
        buyerName: next.name,
        buyerEmail: next.email,
        ticketsPence: type.pricePence * next.places,
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
      {
        kind: "p",
        text: ticketMail.offerIntro(next.name, next.places, event.title, OFFER_HOURS, formatLongDateTime(iso(until))),
      },
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
