// A ticket order after the form (docs/decisions/0032-event-tickets.md): the buyer's return from Checkout is a
// safe GET (releasing the hold is a button, a POST), each guest of a table gets their own
// ticket, a partial refund through Stripe releases only the whole tickets it covers, and the
// optional donation can carry Gift Aid while the ticket never does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postForm, getRequest, run } from "./admin-support";
import { cardGiftsOn } from "./stripe-support";
import { deliverStripeEvent, makeEvent as makeEventWith, paidTicketSession, placeCounts } from "./events-support";

const SECRET = "whsec_event_orders";
await cardGiftsOn(SECRET);

const { getDb } = await import("~/infra/db.server");
const { setClock } = await import("~/infra/clock.server");
const { startBooking } = await import("~/events/services/ticket-booking.server");
const { joinWaitlist } = await import("~/events/services/ticket-holds.server");
const orderPage = await import("~/routes/_public+/events.$slug.order.$reference");
const eventPage = await import("~/routes/_public+/events.$slug._index");
const { eventAttendees, attendeesCsv, checkIn } = await import("~/events/services/events.server");
const { listClaimCandidates } = await import("~/gift-aid/services/gift-aid-claims.server");

const T0 = Math.floor(Date.now() / 1000) * 1000;
beforeAll(() => setClock(() => T0));
afterAll(() => setClock(null));

const makeEvent = (slug: string, places: number, pricePence = 5000) =>
  makeEventWith(slug, places, pricePence, { now: T0 });
const deliver = (type: string, object: Record<string, unknown>) =>
  deliverStripeEvent(type, object, { secret: SECRET, created: Math.floor(T0 / 1000) });
const orderStatusOf = async (reference: string) =>
  (
    await getDb()
      .selectFrom("ticket_orders")
      .select("status")
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow()
  ).status;

describe("coming back from Checkout without paying", () => {
  it("changes nothing on the GET, and releases the places only when the buyer presses the button", async () => {
    const { typeId } = await makeEvent("left-checkout", 4);
    const order = await startBooking({
      slug: "left-checkout",
      ticketTypeId: typeId,
      quantity: 2,
      name: "Leaver",
      email: "leaver@example.com",
      donationPence: 0,
    });
    const path = `/events/left-checkout/order/${order.reference}?cancelled=1`;
    const params = { slug: "left-checkout", reference: order.reference };
    for (let i = 0; i < 2; i++) {
      const page = await run(orderPage.loader, getRequest(path), params);
      expect(await page.json()).toMatchObject({ leftCheckout: true, order: { status: "held" } });
    }
    expect(await orderStatusOf(order.reference)).toBe("held");
    expect(await placeCounts(typeId)).toMatchObject({ held: 2, sold: 0 });

    // Another site cannot release it for them.
    const crossSite = postForm(
      path,
      {},
      { headers: { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" } },
    );
    expect((await run(orderPage.action, crossSite, params)).status).toBe(403);
    expect(await orderStatusOf(order.reference)).toBe("held");

    const released = await run(orderPage.action, postForm(path, {}), params);
    expect(released.status).toBe(303);
    expect(released.headers.get("Location")).toBe("/events/left-checkout");
    expect(await orderStatusOf(order.reference)).toBe("released");
    expect(await placeCounts(typeId)).toMatchObject({ held: 0, sold: 0 });

    // A late payment of a released order still gets its tickets while places remain.
    await deliver("checkout.session.completed", paidTicketSession(order.reference, 10_000));
    expect(await orderStatusOf(order.reference)).toBe("paid");
  });
});

describe("a table: each guest named on their own ticket", () => {
  it("asks a name for each ticket of the chosen number, ignores the rows past it, and sends a guest their ticket", async () => {
    const { eventId, typeId } = await makeEvent("table", 10);
    const book = (fields: Record<string, string>) =>
      run(eventPage.action, postForm("/events/table", fields), { slug: "table" });
    const form = {
      intent: "book",
      ticket_type: String(typeId),
      quantity: "3",
      name: "Hosta Host",
      email: "host@example.com",
      // The buyer names themselves for ticket 1 (their own address: no second e-mail).
      guest_name_1: "Hosta Host",
      guest_email_1: "HOST@example.com",
      guest_name_2: "Gus Guest",
      guest_email_2: "gus@example.com",
      guest_name_3: "",
      // Past the three tickets: ignored.
      guest_name_4: "Ivy Ignored",
      guest_email_4: "ivy@example.com",
    };
    const refused = await book(form);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("Enter guest 3's name");
    expect(await placeCounts(typeId)).toMatchObject({ held: 0 });

    const started = await book({ ...form, guest_name_3: "Gwen Second" });
    expect(started.status).toBe(303);
    const order = await getDb()
      .selectFrom("ticket_orders")
      .select(["reference", "guests"])
      .where("ticket_type_id", "=", typeId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(order.guests!)).toEqual([
      { name: "Hosta Host", email: "HOST@example.com" },
      { name: "Gus Guest", email: "gus@example.com" },
      { name: "Gwen Second", email: null },
    ]);
    await deliver("checkout.session.completed", paidTicketSession(order.reference, 15_000));

    // The check-in search finds a guest by name, and checking in says whose ticket it is.
    const found = await eventAttendees(eventId, "gwen");
    expect(found.map((a) => [a.name, a.buyerName])).toEqual([["Gwen Second", "Hosta Host"]]);
    const staff = { id: 1, username: "door" } as never;
    expect(await checkIn(eventId, { ticketId: found[0].ticketId }, staff)).toMatchObject({
      kind: "checked-in",
      name: "Gwen Second",
    });
    expect((await eventAttendees(eventId, "host")).map((a) => a.name)).toEqual([
      "Hosta Host",
      "Gus Guest",
      "Gwen Second",
    ]);
    const csv = await attendeesCsv(eventId);
    expect(csv).toContain("Gus Guest,gus@example.com,Hosta Host,Standard");
    expect(csv).not.toContain("Ivy");
    // Check-in times in UK time, a date cell and a time cell, like every other export.
    const { londonDayAndTime } = await import("~/utils/dates");
    const [day, time] = londonDayAndTime(new Date(T0));
    expect(csv.split("\n")[0]).toContain("Checked in on UK date (YYYY-MM-DD),Checked in at UK time (HH:MM)");
    expect(csv).toMatch(new RegExp(`Gwen Second,,Hosta Host,Standard,[2-9A-Z]{4}-[2-9A-Z]{4},${day},${time},,`));

    // The buyer gets all three tickets; Gus, who gave an address, gets his own; Gwen gave none.
    const mail = await getDb()
      .selectFrom("outbox")
      .select(["to_address", "text_body"])
      .where("kind", "=", "event.tickets")
      .where("to_address", "in", ["host@example.com", "gus@example.com", "ivy@example.com"])
      .orderBy("id")
      .execute();
    expect(mail.map((m) => m.to_address)).toEqual(["host@example.com", "gus@example.com"]);
    expect(mail[0].text_body).toContain("Ticket 3 of 3: Gwen Second");
    expect(mail[1].text_body).toContain("Dear Gus Guest, Hosta Host has booked you a place at Gala table.");
    expect(mail[1].text_body).toContain("Ticket 1 of 1: Gus Guest");
    expect(mail[1].text_body.match(/Code: /g)).toHaveLength(1);
  });
});

describe("a partial refund through Stripe", () => {
  it("releases only the whole tickets the refunds cover, once each, and offers them to the waiting list", async () => {
    const { eventId, typeId } = await makeEvent("partial", 3);
    const order = await startBooking({
      slug: "partial",
      ticketTypeId: typeId,
      quantity: 3,
      name: "Rita Refund",
      email: "rita@example.com",
      donationPence: 1000,
      guests: [
        { name: "Ron Guest", email: null },
        { name: "Rae Guest", email: null },
      ],
    });
    await deliver("checkout.session.completed", paidTicketSession(order.reference, 16_000));
    await joinWaitlist({ slug: "partial", ticketTypeId: typeId, name: "Wade Waiting", email: "wade@example.com" });
    expect(await placeCounts(typeId)).toMatchObject({ sold: 3, held: 0 });
    const charge = (amountRefunded: number, id = "ch_partial") => ({
      id,
      object: "charge",
      amount: 16_000,
      amount_refunded: amountRefunded,
      refunded: amountRefunded === 16_000,
      currency: "gbp",
      payment_intent: `pi_${order.reference}`,
    });
    const live = async () => (await eventAttendees(eventId)).map((a) => a.name);

    // £30 back: less than a ticket's £50, so no place is released.
    expect(await deliver("charge.refunded", charge(3000))).toMatchObject({ handled: "recorded" });
    expect(await placeCounts(typeId)).toMatchObject({ sold: 3, held: 0 });
    expect(await live()).toHaveLength(3);

    // £80 back in all: one whole ticket (a guest's), whose place goes to the waiting list.
    await deliver("charge.refunded", charge(8000));
    expect(await placeCounts(typeId)).toMatchObject({ sold: 2, held: 1 });
    expect((await live()).sort()).toEqual(["Rita Refund", "Ron Guest"]);
    // The same news again (or an older one arriving late) changes nothing.
    expect(await deliver("charge.refunded", charge(8000))).toMatchObject({ handled: "ignored" });
    expect(await deliver("charge.refunded", charge(3000))).toMatchObject({ handled: "ignored" });
    expect(await placeCounts(typeId)).toMatchObject({ sold: 2, held: 1 });

    // £140: two tickets in all (and part of the donation's line): one more place, never three.
    await deliver("charge.refunded", charge(14_000));
    expect(await placeCounts(typeId)).toMatchObject({ sold: 1, held: 1 });
    expect(await orderStatusOf(order.reference)).toBe("paid");

    // Everything: the last ticket goes and the order is refunded.
    await deliver("charge.refunded", charge(16_000));
    expect(await placeCounts(typeId)).toMatchObject({ sold: 0, held: 1 });
    expect(await live()).toEqual([]);
    expect(await orderStatusOf(order.reference)).toBe("refunded");
    // The £10 donation went back too, recorded in the ledger against its pledge's payment.
    const donation = await getDb()
      .selectFrom("payments")
      .select(["amount_pence", "refund_of"])
      .where("stripe_id", "like", `pi_${order.reference}/donation%`)
      .orderBy("id")
      .execute();
    expect(donation.map((p) => p.amount_pence)).toEqual([1000, -1000]);
  });
});

describe("Gift Aid on the optional donation", () => {
  it("makes the donation a gift with the declaration, claimable; the ticket never is", async () => {
    const { typeId } = await makeEvent("gift-aid", 10);
    const form = {
      intent: "book",
      ticket_type: String(typeId),
      quantity: "1",
      name: "Gina Aider",
      email: "gina@example.com",
      donation: "20",
      giftAid: "on",
      giftAidVersion: "2024-1",
      house: "12",
      street: "High Street",
      town: "Leeds",
      postcode: "ls1 1aa",
    };
    const book = (fields: Record<string, string>) =>
      run(eventPage.action, postForm("/events/gift-aid", fields), { slug: "gift-aid" });
    // Gift Aid without a donation is refused: the ticket cannot carry it.
    const refused = await book({ ...form, donation: "" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("Gift Aid is added to a donation");

    expect((await book(form)).status).toBe(303);
    const order = await getDb()
      .selectFrom("ticket_orders")
      .select("reference")
      .where("ticket_type_id", "=", typeId)
      .executeTakeFirstOrThrow();
    await deliver("checkout.session.completed", paidTicketSession(order.reference, 7000));

    const pledges = await getDb()
      .selectFrom("pledges")
      .select(["id", "amount_pence", "paid_pence", "first_name", "last_name"])
      .where("email", "=", "gina@example.com")
      .execute();
    expect(pledges).toEqual([
      expect.objectContaining({ amount_pence: 2000, paid_pence: 2000, first_name: "Gina", last_name: "Aider" }),
    ]);
    const declaration = await getDb()
      .selectFrom("gift_aid_declarations")
      .select(["pledge_id", "postcode", "house_name_or_number"])
      .where("pledge_id", "=", pledges[0].id)
      .executeTakeFirstOrThrow();
    expect(declaration).toMatchObject({ postcode: "LS1 1AA", house_name_or_number: "12" });

    const { claimable } = await listClaimCandidates();
    const mine = claimable.filter((c) => c.pledgeId === pledges[0].id);
    expect(mine.map((c) => c.amountPence)).toEqual([2000]);
    // Nothing of the £50 ticket is a payment anywhere the Gift Aid claim could see.
    expect(claimable.some((c) => c.amountPence === 5000 || c.amountPence === 7000)).toBe(false);
    const thanks = await getDb()
      .selectFrom("outbox")
      .select("text_body")
      .where("to_address", "=", "gina@example.com")
      .where("kind", "!=", "event.tickets")
      .execute();
    expect(thanks.map((m) => m.text_body).join("\n")).toMatch(/£20/);
  });
});
