// A paid (or free) order's tickets and their e-mail: each ticket's random code, the signed token
// its QR code carries, the QR image, and the e-mail to the buyer and to each guest who gave an address.
import crypto from "node:crypto";
import QRCode from "qrcode";
import { getDb, type DB } from "~/infra/db.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { nowDate } from "~/infra/clock.server";
import { signLinkToken, verifyLinkToken } from "~/infra/signed-link.server";
import { enqueueMail, type MailAttachment } from "~/mail/index.server";
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
import { formatLongDate, formatLongDateTime } from "~/utils/dates";
import { formatPence } from "~/utils/money";
import { eventsPage } from "~/content/events";
import { mailWording } from "~/content/mail";
import { giftAidOnPence } from "~/gift-aid/utils/gift-aid";
import { eventIcs } from "~/events/utils/event-calendar";
import { orderTotal } from "~/events/utils/ticket-order";
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
      ["Booked by", order.buyerName],
      ["Reference", order.reference],
    ],
  });
  const now = nowDate();
  const calendar = calendarFile(order, event, type, now);
  const mail = eventMail(charity, ticketMail.subject(event.title), [
    { kind: "p", text: ticketMail.intro(order.buyerName, event.title) },
    details(`${order.quantity} × ${type.name}`),
    ...orderSummary(order, type, charity, now),
    { kind: "p", text: ticketMail.howToUse },
    { kind: "p", text: ticketMail.calendar },
    ...ticketBlocks(tickets),
  ]);
  await enqueueMail(trx, { kind: "event.tickets", to: order.buyerEmail, ...mail, attachments: [calendar] });
  for (const ticket of tickets) {
    if (!ticket.guest?.email || ticket.guest.email.toLowerCase() === order.buyerEmail.toLowerCase()) continue;
    const guestMail = eventMail(charity, ticketMail.guestSubject(event.title), [
      { kind: "p", text: ticketMail.guestIntro(ticket.guest.name, order.buyerName, event.title) },
      details(`1 × ${type.name}`),
      { kind: "p", text: ticketMail.howToUse },
      { kind: "p", text: ticketMail.calendar },
      ...ticketBlocks([ticket]),
    ]);
    await enqueueMail(trx, { kind: "event.tickets", to: ticket.guest.email, ...guestMail, attachments: [calendar] });
  }
}

/**
 * The order in the buyer's e-mail: the tickets and their price, the donation and its Gift Aid,
 * the total; and, when money was paid, a receipt naming the charity and its registered number
 * (the wording of every message's footer, mailWording.footerCharityNumber).
 */
function orderSummary(order: TicketOrder, type: TicketType, charity: CharitySettings, now: Date): EventMailBlock[] {
  const total = orderTotal(type.pricePence, order.quantity, order.donationPence);
  const rows: [string, string][] = [
    [
      "Tickets",
      type.pricePence === 0
        ? ticketMail.freeTicketsLine(order.quantity, type.name)
        : ticketMail.ticketsLine(
            order.quantity,
            type.name,
            formatPence(type.pricePence),
            formatPence(order.ticketsPence),
          ),
    ],
  ];
  if (order.donationPence > 0) {
    rows.push(["Donation", formatPence(order.donationPence)]);
    rows.push([
      "Gift Aid",
      order.giftAid ? ticketMail.giftAidYes(formatPence(giftAidOnPence(order.donationPence))) : ticketMail.giftAidNo,
    ]);
  }
  rows.push([
    total.totalPence > 0 ? "Total paid" : "Total",
    total.totalPence > 0 ? formatPence(total.totalPence) : eventsPage.free,
  ]);
  const blocks: EventMailBlock[] = [
    { kind: "heading", text: ticketMail.orderHeading },
    { kind: "fields", rows },
  ];
  if (total.totalPence > 0) {
    // The footer's wording, mid-sentence: "…, registered charity number 1234567".
    const number = charity.charityNumber ? mailWording.footerCharityNumber(charity.charityNumber) : "";
    const registered = number ? `, ${number.charAt(0).toLowerCase()}${number.slice(1)}` : "";
    blocks.push(
      { kind: "heading", text: ticketMail.receiptHeading },
      {
        kind: "p",
        text: ticketMail.receipt(
          formatPence(total.totalPence),
          `${charity.name}${registered}`,
          formatLongDate(now.toISOString()),
          order.reference,
        ),
      },
    );
    if (order.ticketsPence > 0) blocks.push({ kind: "p", text: ticketMail.ticketsNotGift });
  }
  return blocks;
}

/** The event as a calendar file (.ics) for the buyer's and each guest's calendar. */
function calendarFile(order: TicketOrder, event: EventRow, type: TicketType, now: Date): MailAttachment {
  const url = absoluteUrl(`/events/${event.slug}`);
  return {
    filename: `${event.slug}.ics`,
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    content: eventIcs({
      uid: `${order.reference}@${new URL(url).hostname}`,
      title: event.title,
      startsAt: event.startsAt,
      venue: event.venue,
      description: ticketMail.calendarDescription(order.quantity, type.name, order.reference),
      url,
      now: now.toISOString(),
    }),
  };
}

/** The tickets of an order, for tests and staff. */
export function orderTickets(orderId: number, db: DB = getDb()) {
  return listOrderTickets(db, orderId);
}
