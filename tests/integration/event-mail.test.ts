// What a ticket buyer and a person waiting are told by e-mail (docs/events.md), sent through a
// real SMTP server in this process: the tickets with their short codes, the buyer's name, the
// order with its price and Gift Aid, a receipt naming the charity and its registered number,
// and the event as a calendar file; the waiting list's confirmation (with how many places) and
// its offer (with how long it is held); and the refunded buyer's notice.
import { describe, expect, it } from "vitest";
import { postForm, run } from "./admin-support";
import { cardGiftsOn } from "./stripe-support";
import { deliverStripeEvent, makeEvent, paidTicketSession, placeCounts } from "./events-support";
import { saveClaimantSettings } from "./hmrc-settings-support";
import { useTestMail } from "./mail-support";

const SECRET = "whsec_event_mail";
await cardGiftsOn(SECRET);

const { deliverDueMail } = await import("~/mail/services/mail-sender.server");
const { getDb } = await import("~/infra/db.server");
const { startBooking } = await import("~/events/services/ticket-booking.server");
const { joinWaitlist } = await import("~/events/services/ticket-holds.server");
const { cancelHeldOrder } = await import("~/events/services/ticket-booking.server");
const eventPage = await import("~/routes/_public+/events.$slug._index");

const mail = useTestMail();
const deliver = (type: string, object: Record<string, unknown>) =>
  deliverStripeEvent(type, object, { secret: SECRET, created: Math.floor(Date.now() / 1000) });
const send = () => deliverDueMail({ transport: mail.transport, maxPerMinute: 1000 });
const received = (to: string, subject: RegExp) =>
  mail.smtp.waitFor((m) => m.to.includes(to) && subject.test(m.subject));

describe("the ticket e-mail", () => {
  it("carries the short codes, the buyer's name, the order with Gift Aid, a receipt and a calendar file", async () => {
    await saveClaimantSettings();
    const { typeId } = await makeEvent("mail-gala", 10);
    const booked = await run(
      eventPage.action,
      postForm("/events/mail-gala", {
        intent: "book",
        ticket_type: String(typeId),
        quantity: "2",
        name: "Gina Aider",
        email: "gina@example.com",
        guest_name_1: "Gina Aider",
        guest_name_2: "Greg Guest",
        donation: "10",
        giftAid: "on",
        giftAidVersion: "2024-1",
        house: "12",
        street: "High Street",
        town: "Leeds",
        postcode: "LS1 1AA",
      }),
      { slug: "mail-gala" },
    );
    expect(booked.status).toBe(303);
    const order = await getDb()
      .selectFrom("ticket_orders")
      .select("reference")
      .where("ticket_type_id", "=", typeId)
      .executeTakeFirstOrThrow();
    await deliver("checkout.session.completed", paidTicketSession(order.reference, 11_000));
    await send();

    const tickets = await received("gina@example.com", /^Your tickets: Gala mail-gala$/);
    const codes = tickets.text.match(/Code: ([2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4})/g);
    expect(codes).toHaveLength(2);
    expect(tickets.text).toContain("Dear Gina Aider");
    expect(tickets.text).toContain("Booked by: Gina Aider");
    expect(tickets.text).toContain("Tickets: 2 × Standard at £50: £100");
    expect(tickets.text).toContain("Donation: £10");
    expect(tickets.text).toContain("Gift Aid: Yes: we will claim £2.50 from HMRC on your donation");
    expect(tickets.text).toContain("Total paid: £110");
    expect(tickets.text).toMatch(
      /RECEIPT\n\n£110 received with thanks by Community Health Aid UK, registered charity number 1234567, on /,
    );
    expect(tickets.text).toContain("Ticket 2 of 2: Greg Guest");
    // The HTML part says the same, the QR codes still come from the site.
    expect(tickets.html).toContain("Community Health Aid UK, registered charity number 1234567");
    expect(tickets.html.match(/\/events\/ticket\/[A-Za-z0-9_-]+\.png/g)).toHaveLength(2);

    const [calendar] = tickets.parsed.attachments;
    expect(calendar.filename).toBe("mail-gala.ics");
    expect(calendar.contentType).toBe("text/calendar");
    const ics = calendar.content.toString("utf8");
    // 1 March 2027, 18:00 UTC: GMT, so 18:00 in London.
    expect(ics).toContain("DTSTART;TZID=Europe/London:20270301T180000\r\n");
    expect(ics).toContain("SUMMARY:Gala mail-gala\r\n");
    expect(ics).toContain(`UID:${order.reference}@`);
  });
});

describe("the waiting list", () => {
  it("asks how many places, confirms by e-mail, and offers them with how long they are held", async () => {
    const { typeId } = await makeEvent("mail-full", 3);
    const holder = await startBooking({
      slug: "mail-full",
      ticketTypeId: typeId,
      quantity: 3,
      name: "Hal Holder",
      email: "hal@example.com",
      donationPence: 0,
    });
    // The form asks how many places; more than the event could ever offer is refused.
    const join = (places: string, email: string) =>
      run(
        eventPage.action,
        postForm("/events/mail-full", {
          intent: "waitlist",
          ticket_type: String(typeId),
          places,
          name: "Wren Waiting",
          email,
        }),
        { slug: "mail-full" },
      );
    expect((await join("4", "wren@example.com")).status).toBe(409);
    expect((await join("2", "wren@example.com")).status).toBe(200);
    await joinWaitlist({ slug: "mail-full", ticketTypeId: typeId, name: "Una One", email: "una@example.com" });
    await send();
    const confirmed = await received("wren@example.com", /^You are on the waiting list: Gala mail-full$/);
    expect(confirmed.text).toContain("you are on the waiting list for 2 places (Standard) at Gala mail-full");
    expect(confirmed.text).toContain("hold them for you for 24 hours");

    // The holder lets the three places go: Wren's two are held for her, then Una's one.
    await cancelHeldOrder("mail-full", holder.reference);
    expect(await placeCounts(typeId)).toMatchObject({ held: 3, sold: 0 });
    await send();
    const offer = await received("wren@example.com", /^Places have come free: Gala mail-full$/);
    expect(offer.text).toMatch(
      /the 2 places you asked for have come free for Gala mail-full\. We are holding them for you for 24 hours, until /,
    );
    const offerToUna = await received("una@example.com", /^Places have come free/);
    expect(offerToUna.text).toContain("the place you asked for has come free");
  });
});

describe("a refunded buyer", () => {
  it("is e-mailed what was refunded and which tickets no longer admit", async () => {
    const { typeId } = await makeEvent("mail-refund", 5);
    const order = await startBooking({
      slug: "mail-refund",
      ticketTypeId: typeId,
      quantity: 2,
      name: "Rhea Refund",
      email: "rhea@example.com",
      donationPence: 0,
    });
    await deliver("checkout.session.completed", paidTicketSession(order.reference, 10_000));
    const charge = (refunded: number) => ({
      id: "ch_mail_refund",
      object: "charge",
      amount: 10_000,
      amount_refunded: refunded,
      refunded: refunded === 10_000,
      currency: "gbp",
      payment_intent: `pi_${order.reference}`,
    });
    await deliver("charge.refunded", charge(5000));
    await send();
    const partial = await received("rhea@example.com", /^Your refund: Gala mail-refund$/);
    expect(partial.text).toContain(`we have refunded £50 of your booking ${order.reference} for Gala mail-refund`);
    expect(partial.text).toContain("1 ticket of the booking is cancelled and will not be accepted at the door.");
    expect(partial.text).toContain("Your other ticket still stands.");

    await deliver("charge.refunded", charge(10_000));
    // The same news again sends nothing more.
    await deliver("charge.refunded", charge(10_000));
    await send();
    const refunds = await getDb()
      .selectFrom("outbox")
      .select("text_body")
      .where("kind", "=", "event.refund")
      .where("to_address", "=", "rhea@example.com")
      .orderBy("id")
      .execute();
    expect(refunds).toHaveLength(2);
    expect(refunds[1].text_body).toContain("we have refunded £50 of your booking");
    expect(refunds[1].text_body).toContain("The whole booking is refunded.");
  });
});
