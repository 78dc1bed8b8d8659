import { expect } from "vitest";
import { getDb } from "~/infra/db.server";
import { addTicketType, createEvent } from "~/events/models/events.server";
import { webhookRequest } from "./stripe-support";

// What the ticket tests share (event-tickets.test.ts, event-orders.test.ts): an event with one
// ticket type, its place counts, a paid ticket Checkout Session and a signed webhook delivery.

/** A published event `slug` (as createEvent makes it) with one ticket type of `places` at `pricePence`. */
export async function makeEvent(slug: string, places: number, pricePence = 5000, options: { now?: number } = {}) {
  const db = getDb();
  const now = new Date(options.now ?? Date.now()).toISOString();
  const eventId = await createEvent(
    db,
    {
      slug,
      title: `Gala ${slug}`,
      description: "An evening.",
      venue: "The Hall",
      startsAt: "2027-03-01T18:00:00.000Z",
      suggestedDonationPence: null,
    },
    now,
  );
  const typeId = await addTicketType(
    db,
    eventId,
    { name: "Standard", pricePence, places, saleStartsAt: null, saleEndsAt: null },
    now,
  );
  return { eventId, typeId };
}

export const placeCounts = (typeId: number) =>
  getDb()
    .selectFrom("ticket_types")
    .select(["sold", "held", "places"])
    .where("id", "=", typeId)
    .executeTakeFirstOrThrow();

/** The Checkout Session of a paid ticket order. */
export function paidTicketSession(reference: string, amount: number) {
  return {
    id: `cs_${reference}`,
    object: "checkout.session",
    mode: "payment",
    amount_total: amount,
    currency: "gbp",
    client_reference_id: reference,
    metadata: { kind: "event-tickets", reference },
    payment_intent: `pi_${reference}`,
    payment_status: "paid",
    status: "complete",
  };
}

/** Delivers a signed Stripe event to the webhook route; what it says it did. */
export async function deliverStripeEvent(
  type: string,
  object: Record<string, unknown>,
  options: { secret: string; created: number },
) {
  const { action: webhook } = await import("~/routes/webhooks+/stripe");
  const response = (await webhook({
    request: webhookRequest(type, object, options),
    params: {},
    context: {},
  } as never)) as Response;
  expect(response.status).toBe(200);
  return (await response.json()) as { handled: string };
}
