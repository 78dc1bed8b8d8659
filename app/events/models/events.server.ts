// Long because it is every table of events and tickets (0028) in one repository: events, their
// ticket types and the place counts, orders (holds), tickets and the waiting list. The counts
// are only ever moved by the conditional UPDATEs here, each checked by the rows it changed, so
// no place is sold twice on SQLite or PostgreSQL (docs/decisions/0032-event-tickets.md).
import { sql, type Selectable } from "kysely";
import type { DB } from "~/infra/db.server";
import { updatedAny } from "~/infra/row-count.server";
import type {
  EventsTable,
  EventWaitlistTable,
  TicketOrdersTable,
  TicketOrderStatus,
  TicketsTable,
  TicketTypesTable,
} from "../../../db/schema";
import { camelRow, snakeRow, type CamelRow } from "~/utils/row-shape";

export type EventRow = CamelRow<Selectable<EventsTable>>;
export type TicketType = CamelRow<Selectable<TicketTypesTable>>;
export type TicketOrder = CamelRow<Selectable<TicketOrdersTable>>;
export type Ticket = CamelRow<Selectable<TicketsTable>>;
export type WaitlistEntry = CamelRow<Selectable<EventWaitlistTable>>;
export type { TicketOrderStatus };

/** The fields an event's form sets, each stored in its column; the photo's only when a new one came. */
export interface EventInput {
  slug: string;
  title: string;
  description: string;
  venue: string;
  startsAt: string;
  suggestedDonationPence: number | null;
  imageUpload?: string | null;
  imageWidths?: string | null;
  imageAlt?: string | null;
}

export interface TicketTypeInput {
  name: string;
  pricePence: number;
  places: number;
  saleStartsAt: string | null;
  saleEndsAt: string | null;
}

// ---------------------------------------------------------------------------------------------
// Events

export async function createEvent(trx: DB, input: EventInput, now: string): Promise<number> {
  const row = await trx
    .insertInto("events")
    .values({
      image_upload: null,
      image_widths: null,
      image_alt: null,
      ...snakeRow(input),
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEvent(trx: DB, id: number, input: EventInput, now: string): Promise<void> {
  await trx
    .updateTable("events")
    .set({ ...snakeRow(input), updated_at: now })
    .where("id", "=", id)
    .execute();
}

export async function slugTaken(db: DB, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom("events").select("id").where("slug", "=", slug);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function getEvent(db: DB, id: number): Promise<EventRow | undefined> {
  const row = await db.selectFrom("events").selectAll().where("id", "=", id).executeTakeFirst();
  return row && camelRow(row);
}

export async function getEventBySlug(db: DB, slug: string): Promise<EventRow | undefined> {
  const row = await db.selectFrom("events").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row && camelRow(row);
}

/** Events in date order; `from` (ISO) leaves out those that started before it. */
export async function listEvents(db: DB, options: { from?: string; publishedOnly?: boolean } = {}) {
  let query = db.selectFrom("events").selectAll().orderBy("starts_at").orderBy("id");
  if (options.from) query = query.where("starts_at", ">=", options.from);
  if (options.publishedOnly) query = query.where("status", "=", "published");
  return (await query.execute()).map(camelRow);
}

// ---------------------------------------------------------------------------------------------
// Ticket types and their counts

export async function addTicketType(trx: DB, eventId: number, input: TicketTypeInput, now: string): Promise<number> {
  const row = await trx
    .insertInto("ticket_types")
    .values({
      event_id: eventId,
      name: input.name,
      price_pence: input.pricePence,
      places: input.places,
      sale_starts_at: input.saleStartsAt,
      sale_ends_at: input.saleEndsAt,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function listTicketTypes(db: DB, eventId: number): Promise<TicketType[]> {
  const rows = await db.selectFrom("ticket_types").selectAll().where("event_id", "=", eventId).orderBy("id").execute();
  return rows.map(camelRow);
}

export async function getTicketType(db: DB, id: number): Promise<TicketType | undefined> {
  const row = await db.selectFrom("ticket_types").selectAll().where("id", "=", id).executeTakeFirst();
  return row && camelRow(row);
}

/**
 * Moves a ticket type's counts by `held` and `sold` (each may be negative) in one statement. With
 * `ifLeft`, only while `places - sold - held >= ifLeft`, which SQLite (one writer) and PostgreSQL
 * (the row lock, the condition checked again on the locked row) both decide atomically. True when
 * the row changed.
 */
async function moveCounts(
  trx: DB,
  ticketTypeId: number,
  change: { held?: number; sold?: number },
  ifLeft?: number,
): Promise<boolean> {
  let query = trx
    .updateTable("ticket_types")
    .set({
      ...(change.held ? { held: sql<number>`held + ${change.held}` } : {}),
      ...(change.sold ? { sold: sql<number>`sold + ${change.sold}` } : {}),
    })
    .where("id", "=", ticketTypeId);
  if (ifLeft !== undefined) query = query.where(sql<boolean>`places - sold - held >= ${ifLeft}`);
  return updatedAny(query);
}

/** Holds `quantity` places when that many are left (a checkout). True when the places are now held. */
export function holdPlaces(trx: DB, ticketTypeId: number, quantity: number): Promise<boolean> {
  return moveCounts(trx, ticketTypeId, { held: quantity }, quantity);
}

/** Sells `quantity` places at once (a free booking), on the same condition as a hold. */
export function sellPlaces(trx: DB, ticketTypeId: number, quantity: number): Promise<boolean> {
  return moveCounts(trx, ticketTypeId, { sold: quantity }, quantity);
}

/** Held places become sold (a paid checkout). */
export async function sellHeldPlaces(trx: DB, ticketTypeId: number, quantity: number): Promise<void> {
  await moveCounts(trx, ticketTypeId, { held: -quantity, sold: quantity });
}

/** Held places go back on sale (an expired or cancelled checkout). */
export async function releaseHeldPlaces(trx: DB, ticketTypeId: number, quantity: number): Promise<void> {
  await moveCounts(trx, ticketTypeId, { held: -quantity });
}

/** Sold places go back on sale (a refund). */
export async function unsellPlaces(trx: DB, ticketTypeId: number, quantity: number): Promise<void> {
  await moveCounts(trx, ticketTypeId, { sold: -quantity });
}

// ---------------------------------------------------------------------------------------------
// Orders

export interface OrderInput {
  reference: string;
  eventId: number;
  ticketTypeId: number;
  quantity: number;
  buyerName: string;
  buyerEmail: string;
  ticketsPence: number;
  donationPence: number;
  status: TicketOrderStatus;
  holdExpiresAt: string | null;
  waitlistId?: number | null;
  /** Whom the tickets are for: one per ticket (older orders: tickets 2 onwards), or none. */
  guests?: readonly Guest[];
  /** The Gift Aid declaration's details made with the donation (JSON), kept until it is paid. */
  giftAid?: string | null;
}

/** Whom a ticket after the buyer's own is for. */
export interface Guest {
  name: string;
  email: string | null;
}

/** The guests an order keeps until it is paid. */
export function orderGuests(order: Pick<TicketOrder, "guests">): Guest[] {
  return order.guests ? (JSON.parse(order.guests) as Guest[]) : [];
}

export async function createOrder(trx: DB, input: OrderInput, now: string): Promise<TicketOrder> {
  const row = await trx
    .insertInto("ticket_orders")
    .values({
      reference: input.reference,
      event_id: input.eventId,
      ticket_type_id: input.ticketTypeId,
      quantity: input.quantity,
      buyer_name: input.buyerName,
      buyer_email: input.buyerEmail,
      tickets_pence: input.ticketsPence,
      donation_pence: input.donationPence,
      status: input.status,
      hold_expires_at: input.holdExpiresAt,
      stripe_session: null,
      stripe_payment_intent: null,
      waitlist_id: input.waitlistId ?? null,
      created_at: now,
      paid_at: input.status === "paid" ? now : null,
      released_at: null,
      guests: input.guests?.length ? JSON.stringify(input.guests) : null,
      gift_aid: input.giftAid ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return camelRow(row);
}

export async function getOrderByReference(db: DB, reference: string): Promise<TicketOrder | undefined> {
  const row = await db.selectFrom("ticket_orders").selectAll().where("reference", "=", reference).executeTakeFirst();
  return row && camelRow(row);
}

/** A ticket type with its event. */
export interface EventTicketType {
  event: EventRow;
  type: TicketType;
}

/** An order at this event's address (its reference), with the event; undefined when either is missing or they differ. */
export async function findOrderAtEvent(
  db: DB,
  slug: string,
  reference: string,
): Promise<{ order: TicketOrder; event: EventRow } | undefined> {
  const order = await getOrderByReference(db, reference);
  const event = order ? await getEvent(db, order.eventId) : undefined;
  return order && event && event.slug === slug ? { order, event } : undefined;
}

/** The event at this address and one of its ticket types; undefined when either is missing or the type is another event's. */
export async function findTicketTypeAtEvent(
  db: DB,
  slug: string,
  ticketTypeId: number,
): Promise<EventTicketType | undefined> {
  const event = await getEventBySlug(db, slug);
  const type = await getTicketType(db, ticketTypeId);
  return event && type && type.eventId === event.id ? { event, type } : undefined;
}

/** An order's event and ticket type (an order keeps both: neither is deleted while it exists). */
export async function eventAndTypeOfOrder(
  db: DB,
  order: Pick<TicketOrder, "eventId" | "ticketTypeId">,
): Promise<EventTicketType> {
  const event = (await getEvent(db, order.eventId))!;
  const type = (await getTicketType(db, order.ticketTypeId))!;
  return { event, type };
}

export async function getOrderByPaymentIntent(db: DB, paymentIntent: string): Promise<TicketOrder | undefined> {
  const row = await db
    .selectFrom("ticket_orders")
    .selectAll()
    .where("stripe_payment_intent", "=", paymentIntent)
    .executeTakeFirst();
  return row && camelRow(row);
}

export async function setOrderSession(trx: DB, id: number, session: string): Promise<void> {
  await trx.updateTable("ticket_orders").set({ stripe_session: session }).where("id", "=", id).execute();
}

/**
 * Moves an order from one status to another, only if it is still in `from`: two deliveries
 * of the same news (a webhook and the sweep) cannot both act. True when this call moved it.
 */
export async function moveOrder(
  trx: DB,
  id: number,
  from: TicketOrderStatus,
  to: TicketOrderStatus,
  fields: { paidAt?: string; releasedAt?: string; paymentIntent?: string | null } = {},
): Promise<boolean> {
  return updatedAny(
    trx
      .updateTable("ticket_orders")
      .set({
        status: to,
        ...(fields.paidAt ? { paid_at: fields.paidAt } : {}),
        ...(fields.releasedAt ? { released_at: fields.releasedAt } : {}),
        ...(fields.paymentIntent ? { stripe_payment_intent: fields.paymentIntent } : {}),
      })
      .where("id", "=", id)
      .where("status", "=", from),
  );
}

/** Holds whose time ran out before `before` (ISO), oldest first. */
export async function listExpiredHolds(db: DB, before: string, limit = 100): Promise<TicketOrder[]> {
  const rows = await db
    .selectFrom("ticket_orders")
    .selectAll()
    .where("status", "=", "held")
    .where("hold_expires_at", "<", before)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map(camelRow);
}

// ---------------------------------------------------------------------------------------------
// Tickets

export async function createTickets(
  trx: DB,
  orderId: number,
  tickets: readonly { code: string; guest: Guest | null }[],
): Promise<void> {
  if (tickets.length === 0) return;
  await trx
    .insertInto("tickets")
    .values(
      tickets.map(({ code, guest }) => ({
        order_id: orderId,
        code,
        guest_name: guest?.name ?? null,
        guest_email: guest?.email ?? null,
      })),
    )
    .execute();
}

/** Which of these ticket codes some ticket has already (a new code must be new). */
export async function takenTicketCodes(db: DB, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .selectFrom("tickets")
    .select("code")
    .where("code", "in", [...codes])
    .execute();
  return new Set(rows.map((row) => row.code));
}

export async function listOrderTickets(db: DB, orderId: number): Promise<Ticket[]> {
  return (await db.selectFrom("tickets").selectAll().where("order_id", "=", orderId).orderBy("id").execute()).map(
    camelRow,
  );
}

/**
 * Cancels `count` of an order's live tickets (a partial refund): guests' before the buyer's own,
 * those not checked in first, the last issued first. Returns how many it cancelled.
 */
export async function cancelSomeTickets(trx: DB, orderId: number, count: number, now: string): Promise<number> {
  if (count <= 0) return 0;
  const live = await trx
    .selectFrom("tickets")
    .select(["id", "guest_name", "checked_in_at"])
    .where("order_id", "=", orderId)
    .where("cancelled_at", "is", null)
    .execute();
  const rank = (t: (typeof live)[number]) => (t.checked_in_at ? 2 : 0) + (t.guest_name === null ? 1 : 0);
  const chosen = live
    .sort((a, b) => rank(a) - rank(b) || b.id - a.id)
    .slice(0, count)
    .map((t) => t.id);
  if (chosen.length === 0) return 0;
  await trx.updateTable("tickets").set({ cancelled_at: now }).where("id", "in", chosen).execute();
  return chosen.length;
}

/** Records what Stripe has refunded of an order so far, only if it grew (deliveries may repeat or cross). True when it did. */
export async function raiseOrderRefunded(trx: DB, id: number, refundedPence: number): Promise<boolean> {
  return updatedAny(
    trx
      .updateTable("ticket_orders")
      .set({ refunded_pence: refundedPence })
      .where("id", "=", id)
      .where("refunded_pence", "<", refundedPence),
  );
}

export interface Attendee {
  ticketId: number;
  code: string;
  checkedInAt: string | null;
  checkedInBy: string | null;
  cancelledAt: string | null;
  reference: string;
  buyerName: string;
  buyerEmail: string;
  /** The guest the ticket is for; null for the buyer's own. */
  guestName: string | null;
  guestEmail: string | null;
  ticketType: string;
  eventId: number;
}

function attendeeQuery(db: DB) {
  return db
    .selectFrom("tickets")
    .innerJoin("ticket_orders", "ticket_orders.id", "tickets.order_id")
    .innerJoin("ticket_types", "ticket_types.id", "ticket_orders.ticket_type_id")
    .select([
      "tickets.id as ticketId",
      "tickets.code as code",
      "tickets.checked_in_at as checkedInAt",
      "tickets.checked_in_by as checkedInBy",
      "tickets.cancelled_at as cancelledAt",
      "ticket_orders.reference as reference",
      "ticket_orders.buyer_name as buyerName",
      "ticket_orders.buyer_email as buyerEmail",
      "tickets.guest_name as guestName",
      "tickets.guest_email as guestEmail",
      "ticket_types.name as ticketType",
      "ticket_orders.event_id as eventId",
    ]);
}

/**
 * An event's tickets (cancelled ones too), by buyer; `nameContains` narrows to tickets whose
 * buyer's or guest's name holds it.
 */
export async function listAttendees(db: DB, eventId: number, nameContains = ""): Promise<Attendee[]> {
  let query = attendeeQuery(db).where("ticket_orders.event_id", "=", eventId);
  if (nameContains) {
    const pattern = `%${nameContains.toLowerCase()}%`;
    query = query.where(
      sql<boolean>`(lower(ticket_orders.buyer_name) like ${pattern} or lower(tickets.guest_name) like ${pattern})`,
    );
  }
  return query.orderBy("ticket_orders.buyer_name").orderBy("tickets.id").execute();
}

export async function getAttendeeByCode(db: DB, code: string): Promise<Attendee | undefined> {
  return attendeeQuery(db).where("tickets.code", "=", code).executeTakeFirst();
}

/** How many of an event's live (not cancelled) tickets are checked in, of how many. */
export async function countCheckedIn(db: DB, eventId: number): Promise<{ checkedIn: number; tickets: number }> {
  const row = await db
    .selectFrom("tickets")
    .innerJoin("ticket_orders", "ticket_orders.id", "tickets.order_id")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("tickets"),
      eb.fn.count<number | string>("tickets.checked_in_at").as("checkedIn"),
    ])
    .where("ticket_orders.event_id", "=", eventId)
    .where("tickets.cancelled_at", "is", null)
    .executeTakeFirstOrThrow();
  return { checkedIn: Number(row.checkedIn), tickets: Number(row.tickets) };
}

/** Checks a ticket in once: false when it was checked in already (or is cancelled). */
export async function checkInTicket(trx: DB, ticketId: number, by: string, now: string): Promise<boolean> {
  return updatedAny(
    trx
      .updateTable("tickets")
      .set({ checked_in_at: now, checked_in_by: by })
      .where("id", "=", ticketId)
      .where("checked_in_at", "is", null)
      .where("cancelled_at", "is", null),
  );
}

// ---------------------------------------------------------------------------------------------
// Waiting list

export async function addToWaitlist(
  trx: DB,
  input: { eventId: number; ticketTypeId: number; name: string; email: string; places?: number },
  now: string,
): Promise<void> {
  await trx
    .insertInto("event_waitlist")
    .values({
      event_id: input.eventId,
      ticket_type_id: input.ticketTypeId,
      name: input.name,
      email: input.email,
      places: input.places ?? 1,
      status: "waiting",
      offer_expires_at: null,
      created_at: now,
    })
    .execute();
}

/** The first person waiting for this ticket type whose places fit in `free` (so one asking for more does not hold up the rest). */
export async function nextWaiting(db: DB, ticketTypeId: number, free: number): Promise<WaitlistEntry | undefined> {
  const row = await db
    .selectFrom("event_waitlist")
    .selectAll()
    .where("ticket_type_id", "=", ticketTypeId)
    .where("status", "=", "waiting")
    .where("places", "<=", free)
    .orderBy("id")
    .executeTakeFirst();
  return row && camelRow(row);
}

export async function getWaitlistEntry(db: DB, id: number): Promise<WaitlistEntry | undefined> {
  const row = await db.selectFrom("event_waitlist").selectAll().where("id", "=", id).executeTakeFirst();
  return row && camelRow(row);
}

export async function moveWaitlistEntry(
  trx: DB,
  id: number,
  from: WaitlistEntry["status"],
  to: WaitlistEntry["status"],
  offerExpiresAt?: string,
): Promise<boolean> {
  return updatedAny(
    trx
      .updateTable("event_waitlist")
      .set({ status: to, ...(offerExpiresAt ? { offer_expires_at: offerExpiresAt } : {}) })
      .where("id", "=", id)
      .where("status", "=", from),
  );
}

export async function countWaiting(db: DB, eventId: number): Promise<number> {
  const row = await db
    .selectFrom("event_waitlist")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("event_id", "=", eventId)
    .where("status", "=", "waiting")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Places one e-mail address holds at checkout now (waiting-list offers apart), across every event. */
export async function countPlacesHeldByEmail(db: DB, email: string): Promise<number> {
  const row = await db
    .selectFrom("ticket_orders")
    .select((eb) => eb.fn.sum<number | string | null>("quantity").as("n"))
    .where("status", "=", "held")
    .where("waitlist_id", "is", null)
    .where((eb) => eb(eb.fn("lower", ["buyer_email"]), "=", email.toLowerCase()))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
