// The rules a ticket order keeps, shared by booking, holds, tickets and Stripe's events: how
// long a hold lasts, how many places one buyer may hold, whether a ticket type is on sale, the
// refusal a booking answers with. Places move only with an order's status, in the same
// transaction (docs/decisions/0032-event-tickets.md, docs/events.md).
import crypto from "node:crypto";
import type { TicketType } from "~/events/models/events.server";
import { Refusal } from "~/utils/refusal";

/**
 * How long a checkout holds its places: short, like a box office's timer, so one client cannot
 * keep places from real buyers. Stripe's shortest session is 30 minutes, so the session is made
 * for CHECKOUT_SESSION_MINUTES and expired by us (checkout.sessions.expire) when the hold lapses.
 */
export const HOLD_MINUTES = 10;
/** A ticket Checkout Session's own life (Stripe's minimum is 30 minutes from its creation, plus a minute's margin). */
export const CHECKOUT_SESSION_MINUTES = 31;
/** At most this many places held at once by one e-mail address, and by one client (address), across events. */
export const MAX_HELD_PLACES = 10;
/** How long a released place is kept for the next person on the waiting list. */
export const OFFER_HOURS = 24;
/** The sweep releases a hold as soon as its time is past (and expires its Checkout Session). */
export const SWEEP_GRACE_MINUTES = 0;
/** At most this many tickets in one order. */
export const MAX_TICKETS_PER_ORDER = 10;

export const MINUTE_MS = 60_000;
/** The Checkout Sessions of tickets say so in their metadata. */
export const TICKETS_METADATA_KIND = "event-tickets";

/** Why a booking was refused: sold out (the waiting list is offered), not on sale, or unavailable. */
export class BookingRefused extends Refusal {
  constructor(
    message: string,
    readonly reason: "sold-out" | "not-on-sale" | "unavailable" | "not-found",
    status: 404 | 409 = 409,
  ) {
    super(message, status);
  }
}

export const iso = (at: Date) => at.toISOString();

/** A reference like EV-7K2M9QXD4R: Crockford-style letters, nothing personal. */
export function newReference(): string {
  const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  const bytes = crypto.randomBytes(10);
  return `EV-${[...bytes].map((b) => alphabet[b % 32]).join("")}`;
}
/** Whether the ticket type is on sale now, or why not. */
export function saleState(type: TicketType, at: string): "on-sale" | "not-yet" | "ended" {
  if (type.saleStartsAt && at < type.saleStartsAt) return "not-yet";
  if (type.saleEndsAt && at >= type.saleEndsAt) return "ended";
  return "on-sale";
}

export function placesLeft(type: TicketType): number {
  return Math.max(0, type.places - type.sold - type.held);
}
/** Where Checkout sends the buyer back: the order's page, or the same page told they cancelled. */
export function orderPath(slug: string, reference: string, cancelled = false): string {
  return `/events/${slug}/order/${reference}${cancelled ? "?cancelled=1" : ""}`;
}
