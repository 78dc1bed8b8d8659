// A paid (or free) order's tickets and their e-mail: each ticket's random code, the signed token
// its QR code carries, the QR image, and the e-mail to the buyer and to each guest who gave an address.
import crypto from "node:crypto";
import QRCode from "qrcode";
import { getDb, type DB } from "~/infra/db.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { nowDate } from "~/infra/clock.server";
import { signLinkToken, verifyLinkToken } from "~/infra/signed-link.server";
import { enqueueMail } from "~/mail/index.server";
import {
  createTickets,
  listOrderTickets,
  orderGuests,
  takenTicketCodes,
  type EventRow,
  type Guest,
  type TicketOrder,
  type TicketType,
} from "~/events/models/events.server";
import { ticketMail } from "~/content/event-mail";
import { formatLongDateTime } from "~/utils/dates";
import type { CharitySettings } from "~/utils/charity-settings";
import { formatTicketCode, normaliseTicketCode, ticketCodeFromBytes } from "~/events/utils/ticket-code";
import { eventMail, type EventMailBlock } from "./event-mail.server";

const TICKET_PURPOSE = "event-ticket";

/** `count` new short codes (ticket-code.ts), none of them another ticket's. */
async function newTicketCodes(trx: DB, count: number): Promise<string[]> {
  for (;;) {
    const codes = Array.from({ length: count }, () => ticketCodeFromBytes(crypto.randomBytes(8)));
    if (new Set(codes).size === count && (await takenTicketCodes(trx, codes)).size === 0) return codes;
  }
}

/** The text a ticket's QR code carries: a signed token around its random code, nothing personal. */
export function ticketToken(code: string, eventStartsAt: string): string {
  // Valid until a year after the event: long enough for any door, short enough to mean nothing later.
  return signLinkToken(TICKET_PURPOSE, [code], new Date(new Date(eventStartsAt).getTime() + 365 * 86_400_000));
}

/** The ticket code a scanned or typed token names, or null when it is not one of ours. */
export function codeFromTicketToken(token: string): string | null {
  const check = verifyLinkToken(TICKET_PURPOSE, token.trim(), 1, nowDate());
  return check.ok ? check.fields[0] : null;
}

/**
 * The ticket code the door typed or scanned: a short code in any case, with or without its dash
 * or spaces; the signed token a QR code carries; or an older ticket's bare 16-character code.
 */
export function ticketCodeFromInput(input: string): string | null {
  const typed = input.trim();
  return normaliseTicketCode(typed) ?? codeFromTicketToken(typed) ?? (/^[A-Za-z0-9]{16}$/.test(typed) ? typed : null);
}

/** A ticket's QR code as a PNG. */
export function ticketQrPng(token: string): Promise<Buffer> {
  return QRCode.toBuffer(token, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 6 });
}

/**
 * Whom ticket `index` (from 0) is for: one guest per ticket, or (orders booked before every
 * ticket was named) the buyer's own first and the guests after it; null for the buyer's own.
 */
function guestOfTicket(guests: readonly Guest[], quantity: number, index: number): Guest | null {
  if (guests.length === quantity) return guests[index] ?? null;
  return index === 0 ? null : (guests[index - 1] ?? null);
}

/**
 * Makes the order's tickets (the first the buyer's own, the others named for their guests) and
 * queues their e-mail, in the caller's transaction: the buyer gets every ticket; a guest who gave
 * an e-mail address gets their own ticket too.
 */
export async function issueTickets(
  trx: DB,
  order: TicketOrder,
  event: EventRow,
  type: TicketType,
  charity: CharitySettings,
): Promise<void> {
  const guests = orderGuests(order);
  const codes = await newTicketCodes(trx, order.quantity);
  const tickets = Array.from({ length: order.quantity }, (_, index) => ({
    code: codes[index],
    guest: guestOfTicket(guests, order.quantity, index),
  }));
  await createTickets(trx, order.id, tickets);
  const ticketBlocks = (of: typeof tickets): EventMailBlock[] =>
    of.map(({ code, guest }, index) => {
      const token = ticketToken(code, event.startsAt);
      const heading = ticketMail.ticketHeading(index + 1, of.length);
      return {
        kind: "ticket",
        heading: guest ? `${heading}: ${guest.name}` : heading,
        code: formatTicketCode(code),
        qrUrl: absoluteUrl(`/events/ticket/${token}.png`),
      };
    });
  const details = (tickets: string): EventMailBlock => ({
    kind: "fields",
    rows: [
      ["Event", event.title],
      ["When", formatLongDateTime(event.startsAt)],
      ["Where", event.venue],
      ["Tickets", tickets],
      ["Reference", order.reference],
    ],
  });
  const mail = eventMail(charity, ticketMail.subject(event.title), [
    { kind: "p", text: ticketMail.intro(order.buyerName, event.title) },
    details(`${order.quantity} × ${type.name}`),
    { kind: "p", text: ticketMail.howToUse },
    ...ticketBlocks(tickets),
  ]);
  await enqueueMail(trx, { kind: "event.tickets", to: order.buyerEmail, ...mail });
  for (const ticket of tickets) {
    if (!ticket.guest?.email || ticket.guest.email.toLowerCase() === order.buyerEmail.toLowerCase()) continue;
    const guestMail = eventMail(charity, ticketMail.guestSubject(event.title), [
      { kind: "p", text: ticketMail.guestIntro(ticket.guest.name, order.buyerName, event.title) },
      details(`1 × ${type.name}`),
      { kind: "p", text: ticketMail.howToUse },
      ...ticketBlocks([ticket]),
    ]);
    await enqueueMail(trx, { kind: "event.tickets", to: ticket.guest.email, ...guestMail });
  }
}

/** The tickets of an order, for tests and staff. */
export function orderTickets(orderId: number, db: DB = getDb()) {
  return listOrderTickets(db, orderId);
}
