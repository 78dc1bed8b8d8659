import type { Selectable } from "kysely";
import type {
  ContactEnquiriesTable,
  GiftAidDeclarationsTable,
  NewsletterSubscribersTable,
  PaymentsTable,
  PledgesTable,
  EventWaitlistTable,
  TicketOrdersTable,
  TicketsTable,
  VolunteerApplicationsTable,
  VolunteerStatusChangesTable,
} from "../../../db/schema";
import type { DB } from "~/infra/db.server";
import { deletedCount } from "~/infra/row-count.server";

// Privacy requests: everything held about one e-mail address, across tables, found by a
// case-insensitive exact match on lower(email) (addresses are ASCII: app/schemas/email.ts), and
// its erasure. The only module that reads or deletes across those tables for a person; the use
// case (app/supporters/services/privacy.server.ts) decides what is erased and what is kept. Unlike every
// other model its records keep the columns' own names: a subject access export shows the person
// the data as it is stored, field by field.

export type EnquiryRecord = Selectable<ContactEnquiriesTable>;
/** What the export shows of a payment: all but the bank line's fingerprint and the Gift Aid batch bookkeeping. */
const PAYMENT_COLUMNS_SHOWN = [
  "id",
  "pledge_id",
  "received_on",
  "amount_pence",
  "method",
  "note",
  "recorded_by",
  "created_at",
  "stripe_id",
  "refund_of",
  "paid_with",
] as const satisfies readonly (keyof PaymentsTable)[];
export type PaymentRecord = Pick<Selectable<PaymentsTable>, (typeof PAYMENT_COLUMNS_SHOWN)[number]>;
export type PledgeRecord = Selectable<PledgesTable> & { payments: PaymentRecord[] };
export type SubscriberRecord = Selectable<NewsletterSubscribersTable>;
export type DeclarationRecord = Selectable<GiftAidDeclarationsTable>;
/** What the export shows of an event order: all but the card processor's ids and the hold's bookkeeping. */
const ORDER_COLUMNS_SHOWN = [
  "id",
  "reference",
  "event_id",
  "ticket_type_id",
  "quantity",
  "buyer_name",
  "buyer_email",
  "tickets_pence",
  "donation_pence",
  "status",
  "created_at",
  "paid_at",
  "released_at",
  "guests",
  "refunded_pence",
  "gift_aid",
] as const satisfies readonly (keyof TicketOrdersTable)[];
export type EventBookingRecord = Pick<Selectable<TicketOrdersTable>, (typeof ORDER_COLUMNS_SHOWN)[number]> & {
  event_title: string;
  event_starts_at: string;
  tickets: Pick<Selectable<TicketsTable>, "id" | "guest_name" | "guest_email" | "checked_in_at" | "cancelled_at">[];
};
export type EventWaitlistRecord = Selectable<EventWaitlistTable> & { event_title: string };
export type VolunteerRecord = Selectable<VolunteerApplicationsTable> & {
  interests: string[];
  history: Selectable<VolunteerStatusChangesTable>[];
};

/** The lookup key: the address as typed, trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findEnquiriesByEmail(db: DB, email: string): Promise<EnquiryRecord[]> {
  return db
    .selectFrom("contact_enquiries")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", [eb.ref("email")]), "=", normaliseEmail(email)))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/**
 * The tables whose records of a person all go on erasure: an enquiry; a newsletter subscription
 * (its consent history cascades with it); a volunteer application (its interests, history and
 * mail go with it).
 */
export type WhollyErasedTable = "contact_enquiries" | "newsletter_subscribers" | "volunteer_applications";

/** Deletes every row of `table` with the address; how many. */
export async function deleteRowsByEmail(db: DB, table: WhollyErasedTable, email: string): Promise<number> {
  return deletedCount(
    db.deleteFrom(table).where((eb) => eb(eb.fn("lower", [eb.ref("email")]), "=", normaliseEmail(email))),
  );
}

/** The person's pledges, newest first, each with its payments (oldest first). */
export async function findPledgesByEmail(db: DB, email: string): Promise<PledgeRecord[]> {
  const pledges = await db
    .selectFrom("pledges")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", [eb.ref("email")]), "=", normaliseEmail(email)))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  if (pledges.length === 0) return [];
  const payments = await db
    .selectFrom("payments")
    .select(PAYMENT_COLUMNS_SHOWN)
    .where(
      "pledge_id",
      "in",
      pledges.map((p) => p.id),
    )
    .orderBy("received_on", "asc")
    .orderBy("id", "asc")
    .execute();
  return pledges.map((pledge) => ({ ...pledge, payments: payments.filter((p) => p.pledge_id === pledge.id) }));
}

/**
 * Deletes the person's pledges that no payment was ever recorded against; how many. Paid
 * pledges are financial records and stay (payments also refuse their pledge's deletion).
 */
export async function deleteUnpaidPledgesByEmail(db: DB, email: string): Promise<number> {
  return deletedCount(
    db.deleteFrom("pledges").where((eb) =>
      eb.and([
        eb(eb.fn("lower", [eb.ref("email")]), "=", normaliseEmail(email)),
        eb.not(
          eb.exists(eb.selectFrom("payments").select("payments.id").whereRef("payments.pledge_id", "=", "pledges.id")),
        ),
        // A declaration kept (it covers a claimed gift on another pledge) keeps its pledge.
        eb.not(
          eb.exists(
            eb
              .selectFrom("gift_aid_declarations")
              .select("gift_aid_declarations.id")
              .whereRef("gift_aid_declarations.pledge_id", "=", "pledges.id"),
          ),
        ),
      ]),
    ),
  );
}

export async function findSubscriptionsByEmail(db: DB, email: string): Promise<SubscriberRecord[]> {
  return db
    .selectFrom("newsletter_subscribers")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", [eb.ref("email")]), "=", normaliseEmail(email)))
    .execute();
}

export async function findDeclarationsByEmail(db: DB, email: string): Promise<DeclarationRecord[]> {
  return db
    .selectFrom("gift_aid_declarations")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", [eb.ref("email")]), "=", normaliseEmail(email)))
    .orderBy("id", "asc")
    .execute();
}

/**
 * Deletes the person's Gift Aid declarations whose pledge never received a payment (nothing
 * can have been claimed on them); how many. A declaration behind a payment is a record HMRC
 * requires us to keep for six years. Runs before the unpaid pledges are deleted.
 */
export async function deleteUnusedDeclarationsByEmail(db: DB, email: string): Promise<number> {
  return deletedCount(
    db.deleteFrom("gift_aid_declarations").where((eb) =>
      eb.and([
        eb(eb.fn("lower", [eb.ref("email")]), "=", normaliseEmail(email)),
        eb.not(
          eb.exists(
            eb
              .selectFrom("payments")
              .select("payments.id")
              .whereRef("payments.pledge_id", "=", "gift_aid_declarations.pledge_id"),
          ),
        ),
        // A declaration enduring over the supporter's other pledges may be behind a claim.
        eb.not(
          eb.exists(
            eb
              .selectFrom("gift_aid_claim_items")
              .select("gift_aid_claim_items.id")
              .whereRef("gift_aid_claim_items.declaration_id", "=", "gift_aid_declarations.id"),
          ),
        ),
      ]),
    ),
  );
}

/** The person's volunteer applications, newest first, each with its interests and its history of status changes. */
export async function findVolunteerApplicationsByEmail(db: DB, email: string): Promise<VolunteerRecord[]> {
  const rows = await db
    .selectFrom("volunteer_applications")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", [eb.ref("email")]), "=", normaliseEmail(email)))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const interests = await db
    .selectFrom("volunteer_application_interests")
    .selectAll()
    .where("application_id", "in", ids)
    .orderBy("interest")
    .execute();
  const history = await db
    .selectFrom("volunteer_status_changes")
    .selectAll()
    .where("application_id", "in", ids)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    ...row,
    interests: interests.filter((i) => i.application_id === row.id).map((i) => i.interest),
    history: history.filter((h) => h.application_id === row.id),
  }));
}

/** The guests kept on an order until it is paid (JSON), as the events model writes them. */
type KeptGuest = { name: string; email: string | null };
const keptGuests = (json: string | null): KeptGuest[] => (json ? (JSON.parse(json) as KeptGuest[]) : []);

/** The ids of the orders that name `address`: as the buyer, on a ticket, or among an unpaid order's guests. */
async function bookingIdsOf(db: DB, address: string): Promise<number[]> {
  const named = await db
    .selectFrom("ticket_orders")
    .select("id")
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", [eb.ref("buyer_email")]), "=", address),
        eb(
          "id",
          "in",
          eb
            .selectFrom("tickets")
            .select("order_id")
            .where((t) => t(t.fn("lower", [t.ref("guest_email")]), "=", address)),
        ),
      ]),
    )
    .execute();
  // Guests of an order not yet paid live only in its JSON (a held order lasts 30 minutes).
  const held = await db
    .selectFrom("ticket_orders")
    .select(["id", "guests"])
    .where("status", "=", "held")
    .where("guests", "is not", null)
    .execute();
  const inJson = held.filter((order) => keptGuests(order.guests).some((g) => g.email?.toLowerCase() === address));
  return [...new Set([...named.map((row) => row.id), ...inJson.map((row) => row.id)])];
}

/** Event bookings that name the address: bought by it, or a ticket for it as a guest. */
export async function findEventBookingsByEmail(db: DB, email: string): Promise<EventBookingRecord[]> {
  const ids = await bookingIdsOf(db, normaliseEmail(email));
  if (ids.length === 0) return [];
  const orders = await db
    .selectFrom("ticket_orders")
    .innerJoin("events", "events.id", "ticket_orders.event_id")
    .select(ORDER_COLUMNS_SHOWN.map((column) => `ticket_orders.${column}` as const))
    .select(["events.title as event_title", "events.starts_at as event_starts_at"])
    .where("ticket_orders.id", "in", ids)
    .orderBy("ticket_orders.created_at", "desc")
    .orderBy("ticket_orders.id", "desc")
    .execute();
  const tickets = await db
    .selectFrom("tickets")
    .select(["id", "order_id", "guest_name", "guest_email", "checked_in_at", "cancelled_at"])
    .where("order_id", "in", ids)
    .orderBy("id")
    .execute();
  return orders.map((order) => ({
    ...order,
    tickets: tickets
      .filter((t) => t.order_id === order.id)
      .map((t) => ({
        id: t.id,
        guest_name: t.guest_name,
        guest_email: t.guest_email,
        checked_in_at: t.checked_in_at,
        cancelled_at: t.cancelled_at,
      })),
  }));
}

/**
 * Erases what event bookings hold of the address: its released orders (no money moved, no place
 * held) go; as a guest, their name and address leave every ticket and unpaid order. Paid and
 * refunded orders are the charity's accounts, and a held order still holds places until it is
 * paid or released: both stay.
 */
export async function eraseEventBookingsByEmail(db: DB, email: string): Promise<void> {
  const address = normaliseEmail(email);
  await db
    .deleteFrom("ticket_orders")
    .where((eb) => eb(eb.fn("lower", [eb.ref("buyer_email")]), "=", address))
    .where("status", "=", "released")
    .execute();
  await db
    .updateTable("tickets")
    .set({ guest_name: null, guest_email: null })
    .where((eb) => eb(eb.fn("lower", [eb.ref("guest_email")]), "=", address))
    .execute();
  const withGuests = await db
    .selectFrom("ticket_orders")
    .select(["id", "guests"])
    .where("guests", "is not", null)
    .execute();
  for (const order of withGuests) {
    const kept = keptGuests(order.guests);
    if (!kept.some((g) => g.email?.toLowerCase() === address)) continue;
    const cleared = kept.map((g) => (g.email?.toLowerCase() === address ? { name: "", email: null } : g));
    await db
      .updateTable("ticket_orders")
      .set({ guests: JSON.stringify(cleared) })
      .where("id", "=", order.id)
      .execute();
  }
}

/** The address's places on events' waiting lists. */
export async function findEventWaitlistByEmail(db: DB, email: string): Promise<EventWaitlistRecord[]> {
  return db
    .selectFrom("event_waitlist")
    .innerJoin("events", "events.id", "event_waitlist.event_id")
    .selectAll("event_waitlist")
    .select("events.title as event_title")
    .where((eb) => eb(eb.fn("lower", [eb.ref("event_waitlist.email")]), "=", normaliseEmail(email)))
    .orderBy("event_waitlist.created_at", "desc")
    .orderBy("event_waitlist.id", "desc")
    .execute();
}

/** Deletes the address's waiting-list places, except an open offer (it holds a place until it lapses). */
export async function deleteEventWaitlistByEmail(db: DB, email: string): Promise<number> {
  return deletedCount(
    db
      .deleteFrom("event_waitlist")
      .where((eb) => eb(eb.fn("lower", [eb.ref("email")]), "=", normaliseEmail(email)))
      .where("status", "!=", "offered"),
  );
}
