// A ticket order after the form (docs/decisions.md §32): the buyer's return from Checkout is a
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
const { startBooking } = await import("~/services/tickets.server");
const orderPage = await import("~/routes/_public+/events.$slug.order.$reference");

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
