// Privacy requests reach event bookings and waiting lists: a buyer's orders and a guest's tickets
// are found by either address; erasure takes a guest's name and address off the tickets and the
// unpaid order's guest list, deletes released orders and waiting-list places, and keeps what is
// the charity's accounts (paid orders) or still holds a place (a held order, an open offer).
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/infra/db.server";
import { startBooking } from "~/events/services/ticket-booking.server";
import { erasePersonalData, findPersonalData } from "~/supporters/services/privacy.server";
import { makeEvent } from "./events-support";
import { resetDatabase } from "./helpers";

beforeEach(resetDatabase);

// The events tables outlive resetDatabase: each test books under addresses of its own.
async function freeTable(slug: string) {
  const { eventId, typeId } = await makeEvent(slug, 10, 0);
  const booking = await startBooking({
    slug,
    ticketTypeId: typeId,
    quantity: 2,
    name: "Bea Buyer",
    email: `bea-${slug}@example.org`,
    donationPence: 0,
    guests: [{ name: "Gus Guest", email: `gus-${slug}@example.org` }],
  });
  return { eventId, typeId, reference: booking.reference };
}

const guestsOnTickets = async (reference: string) =>
  (
    await getDb()
      .selectFrom("tickets")
      .innerJoin("ticket_orders", "ticket_orders.id", "tickets.order_id")
      .select(["guest_name", "guest_email"])
      .where("ticket_orders.reference", "=", reference)
      .orderBy("tickets.id")
      .execute()
  ).map((t) => `${t.guest_name ?? "-"} ${t.guest_email ?? "-"}`);

describe("privacy requests and events", () => {
  it("find a booking by the buyer's and by a guest's address, in any letter case", async () => {
    const { reference } = await freeTable("privacy-gala");
    const asBuyer = await findPersonalData("BEA-privacy-gala@example.org");
    expect(asBuyer.eventBookings.map((b) => b.reference)).toEqual([reference]);
    expect(asBuyer.eventBookings[0]).toMatchObject({ event_title: "Gala privacy-gala", buyer_name: "Bea Buyer" });
    const asGuest = await findPersonalData("Gus-privacy-gala@Example.org");
    expect(asGuest.eventBookings.map((b) => b.reference)).toEqual([reference]);
    expect(asGuest.eventBookings[0].tickets.map((t) => t.guest_name)).toContain("Gus Guest");
    expect((await findPersonalData("nobody@example.org")).eventBookings).toEqual([]);
  });

  it("erase a guest from the tickets, and keep the buyer's paid order", async () => {
    const { reference } = await freeTable("privacy-erase");
    const gus = "gus-privacy-erase@example.org";
    expect(await guestsOnTickets(reference)).toContain(`Gus Guest ${gus}`);

    const guest = await erasePersonalData(gus, "admin");
    expect(guest.eventBookings).toEqual({ deleted: 1, kept: 0 });
    expect(await guestsOnTickets(reference)).toEqual(["- -", "- -"]);
    expect((await findPersonalData(gus)).eventBookings).toEqual([]);

    const bea = "bea-privacy-erase@example.org";
    const buyer = await erasePersonalData(bea, "admin");
    expect(buyer.eventBookings).toEqual({ deleted: 0, kept: 1 });
    expect((await findPersonalData(bea)).eventBookings.map((b) => b.reference)).toEqual([reference]);
  });

  it("delete waiting-list places, except an open offer that holds a place", async () => {
    const { eventId, typeId } = await makeEvent("privacy-waitlist", 1, 0);
    const place = (status: "waiting" | "offered" | "lapsed") => ({
      event_id: eventId,
      ticket_type_id: typeId,
      name: "Wendy Wait",
      email: "wendy@example.org",
      status,
      offer_expires_at: null,
      created_at: new Date().toISOString(),
    });
    await getDb()
      .insertInto("event_waitlist")
      .values([place("waiting"), place("offered"), place("lapsed")])
      .execute();
    expect((await findPersonalData("WENDY@example.org")).eventWaitlist).toHaveLength(3);
    const report = await erasePersonalData("wendy@example.org", "admin");
    expect(report.eventWaitlist).toEqual({ deleted: 2, kept: 1 });
    expect((await findPersonalData("wendy@example.org")).eventWaitlist.map((w) => w.status)).toEqual(["offered"]);
  });
});
