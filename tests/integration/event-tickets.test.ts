// Event tickets never oversell (docs/decisions/0032-event-tickets.md): 200 buyers at once at a
// 50-place event, from two instances on one database (npm test runs this on SQLite and on
// PostgreSQL, where each instance has a pool of several connections), hold exactly 50 places;
// then the webhooks turn holds into tickets, expiry and the sweep release them, a refund
// releases a place and the waiting list is offered it.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cardGiftsOn } from "./stripe-support";
import { deliverStripeEvent, makeEvent as makeEventWith, paidTicketSession, placeCounts } from "./events-support";

const SECRET = "whsec_event_tickets";
// The environment this file runs with, set before its imports run (vi.hoisted).
vi.hoisted(() => {
  process.env.DATABASE_POOL_SIZE = "10";
});
const standIn = await cardGiftsOn(SECRET);

const { getDb, openDatabase } = await import("~/infra/db.server");
const { setClock } = await import("~/infra/clock.server");
const { startBooking } = await import("~/events/services/ticket-booking.server");
const { releaseExpiredHolds, joinWaitlist } = await import("~/events/services/ticket-holds.server");
const { BookingRefused, HOLD_MINUTES, SWEEP_GRACE_MINUTES, CHECKOUT_SESSION_MINUTES } =
  await import("~/events/services/ticket-rules.server");

type DB = ReturnType<typeof getDb>;
let second: DB;
// Now (whole seconds): the webhook signatures are checked against the real clock and ours alike.
const T0 = Math.floor(Date.now() / 1000) * 1000;

// A second instance in this process: on PostgreSQL a pool of its own. better-sqlite3 waits for
// a lock synchronously, so a second SQLite handle in the same process would stall the first
// one's commit; there the one connection serialises the buyers, and the conditional UPDATE is
// what decides (two processes are covered by the browser spec's server and several-instances).
const onPostgres = process.env.TEST_DATABASE === "postgres";
beforeAll(() => {
  setClock(() => T0);
  second = onPostgres ? openDatabase(process.env.DATABASE_URL!, { poolSize: 10 }) : getDb();
});
afterAll(async () => {
  setClock(null);
  if (onPostgres) await second.destroy();
});

const makeEvent = (slug: string, places: number, pricePence = 5000) =>
  makeEventWith(slug, places, pricePence, { now: T0 });
const counts = placeCounts;
const paidSession = paidTicketSession;
const deliver = (type: string, object: Record<string, unknown>) =>
  deliverStripeEvent(type, object, { secret: SECRET, created: Math.floor(T0 / 1000) });

describe("200 buyers at once at a 50-place event", () => {
  it("hold exactly 50 places, make 50 Checkout Sessions, and tell the other 150 it is sold out", async () => {
    const { typeId } = await makeEvent("fifty", 50);
    const sessionsBefore = standIn.requests.filter((r) => r.path === "/v1/checkout/sessions").length;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        startBooking(
          {
            slug: "fifty",
            ticketTypeId: typeId,
            quantity: 1,
            name: `Buyer ${i}`,
            email: `b${i}@example.com`,
            donationPence: 0,
          },
          i % 2 === 0 ? getDb() : second,
        ),
      ),
    );
    const booked = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(booked).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(BookingRefused);
      expect((r.reason as InstanceType<typeof BookingRefused>).reason).toBe("sold-out");
    }
    expect(await counts(typeId)).toEqual({ sold: 0, held: 50, places: 50 });
    const held = await getDb()
      .selectFrom("ticket_orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("ticket_type_id", "=", typeId)
      .where("status", "=", "held")
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(50);
    const sessions = standIn.requests.filter((r) => r.path === "/v1/checkout/sessions").slice(sessionsBefore);
    expect(sessions).toHaveLength(50);
    // One-time, the ticket line on its own; the session lives Stripe's shortest (30 minutes and a
    // margin), the hold 10 minutes, and the sweep expires the session when the hold lapses.
    expect(sessions[0].params).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][unit_amount]": "5000",
      "metadata[kind]": "event-tickets",
      expires_at: String(T0 / 1000 + CHECKOUT_SESSION_MINUTES * 60),
    });

    // Every paid checkout becomes a ticket: 50 tickets, never 51.
    const orders = await getDb()
      .selectFrom("ticket_orders")
      .select(["reference"])
      .where("ticket_type_id", "=", typeId)
      .execute();
    await Promise.all(orders.map((o) => deliver("checkout.session.completed", paidSession(o.reference, 5000))));
    expect(await counts(typeId)).toEqual({ sold: 50, held: 0, places: 50 });
    const tickets = await getDb()
      .selectFrom("tickets")
      .innerJoin("ticket_orders", "ticket_orders.id", "tickets.order_id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("ticket_orders.ticket_type_id", "=", typeId)
      .executeTakeFirstOrThrow();
    expect(Number(tickets.n)).toBe(50);
    await expect(
      startBooking({
        slug: "fifty",
        ticketTypeId: typeId,
        quantity: 1,
        name: "Late",
        email: "late@example.com",
        donationPence: 0,
      }),
    ).rejects.toThrow(/sold out/);
  });
});

describe("holds, tickets and releases", () => {
  it("puts the donation on a line of its own and mails the tickets with a QR code and the code as text", async () => {
    const { typeId } = await makeEvent("donation", 10);
    const outcome = await startBooking({
      slug: "donation",
      ticketTypeId: typeId,
      quantity: 2,
      name: "Ann Buyer",
      email: "ann@example.com",
      donationPence: 1500,
    });
    expect(outcome.kind).toBe("checkout");
    const session = standIn.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
    expect(session.params).toMatchObject({
      "line_items[0][quantity]": "2",
      "line_items[0][price_data][unit_amount]": "5000",
      "line_items[1][quantity]": "1",
      "line_items[1][price_data][unit_amount]": "1500",
    });
    expect(await deliver("checkout.session.completed", paidSession(outcome.reference, 10_000))).toEqual({
      received: true,
      handled: "needs-attention",
    });
    expect(await counts(typeId)).toMatchObject({ sold: 0, held: 2 });
    await deliver("checkout.session.completed", { ...paidSession(outcome.reference, 11_500), id: "cs_second" });
    expect(await counts(typeId)).toMatchObject({ sold: 2, held: 0 });
    const mail = await getDb()
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "event.tickets")
      .where("to_address", "=", "ann@example.com")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe("Your tickets: Gala donation");
    expect(mail.text_body).toContain("Ticket 2 of 2");
    expect(mail.html_body).toMatch(/<img src="[^"]+\/events\/ticket\/[A-Za-z0-9_-]+\.png"/);
    expect(mail.text_body).not.toContain("ann@example.com");
  });

  it("releases a hold when Checkout expires, and the sweep releases one whose time ran out", async () => {
    const { typeId } = await makeEvent("expiry", 1);
    const first = await startBooking({
      slug: "expiry",
      ticketTypeId: typeId,
      quantity: 1,
      name: "One",
      email: "one@example.com",
      donationPence: 0,
    });
    await deliver("checkout.session.expired", {
      ...paidSession(first.reference, 5000),
      payment_status: "unpaid",
      status: "expired",
    });
    expect(await counts(typeId)).toMatchObject({ sold: 0, held: 0 });

    await startBooking({
      slug: "expiry",
      ticketTypeId: typeId,
      quantity: 1,
      name: "Two",
      email: "two@example.com",
      donationPence: 0,
    });
    await expect(
      startBooking({
        slug: "expiry",
        ticketTypeId: typeId,
        quantity: 1,
        name: "Three",
        email: "three@example.com",
        donationPence: 0,
      }),
    ).rejects.toThrow(/being held by other buyers/);
    expect(await releaseExpiredHolds(new Date(T0 + (HOLD_MINUTES + SWEEP_GRACE_MINUTES - 1) * 60_000))).toBe(0);
    expect(await releaseExpiredHolds(new Date(T0 + (HOLD_MINUTES + SWEEP_GRACE_MINUTES + 1) * 60_000))).toBe(1);
    expect(await counts(typeId)).toMatchObject({ sold: 0, held: 0 });
  });

  it("books a free event at once, and offers a refunded place to the waiting list by e-mail", async () => {
    const free = await makeEvent("free-walk", 1, 0);
    const booked = await startBooking({
      slug: "free-walk",
      ticketTypeId: free.typeId,
      quantity: 1,
      name: "Walker",
      email: "walker@example.com",
      donationPence: 0,
    });
    expect(booked.kind).toBe("booked");
    expect(await counts(free.typeId)).toMatchObject({ sold: 1, held: 0 });

    const paid = await makeEvent("refund", 1);
    const order = await startBooking({
      slug: "refund",
      ticketTypeId: paid.typeId,
      quantity: 1,
      name: "Payer",
      email: "payer@example.com",
      donationPence: 0,
    });
    await deliver("checkout.session.completed", paidSession(order.reference, 5000));
    await joinWaitlist({
      slug: "refund",
      ticketTypeId: paid.typeId,
      name: "Wendy Waiting",
      email: "wendy@example.com",
    });
    await deliver("charge.refunded", {
      id: "ch_refund",
      object: "charge",
      amount: 5000,
      amount_refunded: 5000,
      refunded: true,
      currency: "gbp",
      payment_intent: `pi_${order.reference}`,
    });
    // The place went back on sale and straight to Wendy, held for her.
    expect(await counts(paid.typeId)).toMatchObject({ sold: 0, held: 1 });
    const offer = await getDb()
      .selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "event.offer")
      .where("to_address", "=", "wendy@example.com")
      .executeTakeFirstOrThrow();
    const link = /\/events\/refund\/offer\/([A-Za-z0-9_-]+)/.exec(offer.text_body);
    expect(link).not.toBeNull();
    // Wendy takes the place: Checkout for the one ticket held for her.
    const { takeOffer } = await import("~/events/services/ticket-booking.server");
    const { offerDetails } = await import("~/events/services/ticket-holds.server");
    expect(await offerDetails(link![1])).toMatchObject({ title: "Gala refund", ticketType: "Standard", price: "£50" });
    const taken = await takeOffer(link![1]);
    expect(taken.kind).toBe("checkout");
    await deliver("checkout.session.completed", paidSession(taken.reference, 5000));
    expect(await counts(paid.typeId)).toMatchObject({ sold: 1, held: 0 });
    await expect(takeOffer(link![1])).rejects.toThrow(/ended or has been used/);
    const cancelled = await getDb()
      .selectFrom("tickets")
      .innerJoin("ticket_orders", "ticket_orders.id", "tickets.order_id")
      .select("tickets.cancelled_at")
      .where("ticket_orders.reference", "=", order.reference)
      .executeTakeFirstOrThrow();
    expect(cancelled.cancelled_at).not.toBeNull();
  });
});

describe("check-in and the attendee list", () => {
  it("checks a ticket in once by its QR token or typed short code, says 'already' the second time, and exports formula-safe CSV", async () => {
    const { checkIn, attendeesCsv, eventAttendees } = await import("~/events/services/events.server");
    const { ticketToken } = await import("~/events/services/ticket-issue.server");
    const { eventId, typeId } = await makeEvent("door", 5, 0);
    await startBooking({
      slug: "door",
      ticketTypeId: typeId,
      quantity: 2,
      name: "=Dora Door",
      email: "dora@example.com",
      donationPence: 0,
    });
    const [first, second] = await eventAttendees(eventId, "dora");
    const staff = { id: 1, username: "door-staff" } as never;
    const token = ticketToken(first.code, "2027-03-01T18:00:00.000Z");
    expect(await checkIn(eventId, { token }, staff)).toMatchObject({ kind: "checked-in", name: "=Dora Door" });
    expect(await checkIn(eventId, { token }, staff)).toMatchObject({ kind: "already" });
    const { checkInCount } = await import("~/events/services/events.server");
    expect(await checkInCount(eventId)).toEqual({ checkedIn: 1, tickets: 2 });
    // The short code the e-mail prints ("7KQ4-X9MT"), typed in any case, with a space for the dash.
    expect(second.code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    const mailed = await getDb()
      .selectFrom("outbox")
      .select("text_body")
      .where("to_address", "=", "dora@example.com")
      .executeTakeFirstOrThrow();
    const printed = `${second.code.slice(0, 4)}-${second.code.slice(4)}`;
    expect(mailed.text_body).toContain(`Code: ${printed}`);
    const typed = printed.toLowerCase().replace("-", " ");
    expect(await checkIn(eventId, { token: typed }, staff)).toMatchObject({ kind: "checked-in" });
    expect(await checkIn(eventId, { token: printed }, staff)).toMatchObject({ kind: "already" });
    // The door's count: both tickets in.
    expect(await checkInCount(eventId)).toEqual({ checkedIn: 2, tickets: 2 });
    expect(await checkIn(eventId, { token: `${token}x` }, staff)).toEqual({ kind: "unknown" });
    const other = await makeEvent("other-door", 5, 0);
    expect(await checkIn(other.eventId, { token }, staff)).toEqual({ kind: "unknown" });
    const csv = await attendeesCsv(eventId);
    expect(csv).toContain("'=Dora Door");
    expect(csv).not.toMatch(/(^|,)=Dora/m);

    // The QR image of a ticket: a PNG for our token, a 404 for anything else.
    const { loader: qr } = await import("~/routes/_public+/events.ticket.$token[.]png");
    const png = (await qr({
      params: { token },
      request: new Request("http://localhost/"),
      context: {},
    } as never)) as Response;
    expect(png.headers.get("Content-Type")).toBe("image/png");
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
    await expect(
      qr({ params: { token: "not-ours" }, request: new Request("http://localhost/"), context: {} } as never),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe("one client cannot hoard places", () => {
  it("limits what one e-mail address and one client hold, says 'being held', and the sweep expires the session", async () => {
    const { typeId } = await makeEvent("hoard", 30);
    const book = (quantity: number, email: string, client?: string) =>
      startBooking({ slug: "hoard", ticketTypeId: typeId, quantity, name: "Holder", email, donationPence: 0, client });
    // One address: 10 places at once, then no more (another event's holds count too).
    await book(10, "hoarder@example.com");
    await expect(book(1, "HOARDER@example.com")).rejects.toThrow(/at most 10 can be held at once/);
    // One client, under many addresses: 10 places within a hold's time.
    await book(6, "a1@example.com", "client-x");
    await book(4, "a2@example.com", "client-x");
    await expect(book(1, "a3@example.com", "client-x")).rejects.toThrow(/at most 10 can be held at once/);
    // Another client is unaffected; once the remaining places are held, the page says so rather than "Sold out".
    await book(10, "b1@example.com", "client-y");
    const { publicEvent } = await import("~/events/services/events.server");
    const page = await publicEvent("hoard");
    expect(page?.ticketTypes[0].note).toBe(
      "Places are being held by other buyers at checkout: try again in a few minutes",
    );
    await expect(book(1, "c1@example.com", "client-z")).rejects.toThrow(/being held by other buyers/);

    // The holds lapse after 10 minutes: the sweep releases them and expires their Checkout Sessions.
    const expiresBefore = standIn.requests.filter((r) => r.path.endsWith("/expire")).length;
    // (Four holds here, and any earlier test's left held.)
    expect(await releaseExpiredHolds(new Date(T0 + (HOLD_MINUTES + 1) * 60_000))).toBeGreaterThanOrEqual(4);
    expect(await counts(typeId)).toMatchObject({ sold: 0, held: 0 });
    expect(standIn.requests.filter((r) => r.path.endsWith("/expire")).length - expiresBefore).toBeGreaterThanOrEqual(4);
  });
});
