// Long because it is every staff and public use of an event outside payment, in one place.
// Events as staff keep them and visitors see them: the list and page of each event with its
// ticket types and the places left, staff creating and changing events, the attendee list,
// its CSV and the check-in. Booking and payment are in the ticket-*.server.ts files.
import { nowDate, nowIsoString } from "~/infra/clock.server";
import { firstFreeSlug, slugify as slugOf } from "~/utils/slug";
import { toCsv } from "~/infra/csv.server";
import { getDb, type DB } from "~/infra/db.server";
import { deleteImage, storeImage } from "~/infra/images.server";
import { renderMarkdown, markdownToText } from "~/infra/markdown.server";
import { recordAudit } from "~/site/index.server";
import {
  addTicketType,
  checkInTicket,
  countCheckedIn,
  countWaiting,
  createEvent,
  getAttendeeByCode,
  getEvent,
  getEventBySlug,
  listAttendees,
  listEvents,
  listTicketTypes,
  slugTaken,
  updateEvent,
  type Attendee,
  type EventInput,
  type EventRow,
  type TicketType,
  type TicketTypeInput,
} from "~/events/models/events.server";
import type { User } from "~/staff/index.server";
import { formatLongDate, formatLongDateTime, londonDayAndTime } from "~/utils/dates";
import { formatTicketCode } from "~/events/utils/ticket-code";
import { formatPence } from "~/utils/money";
import { eventsPage } from "~/content/events";
import { responsiveImage } from "~/utils/images";
import { pick } from "~/utils/pick";
import { Refusal } from "~/utils/refusal";
import { ticketCodeFromInput } from "./ticket-issue.server";
import { placesLeft, saleState } from "./ticket-rules.server";

export class EventRefused extends Refusal {}

/** What a page shows of one ticket type. */
export interface TicketTypeView {
  id: number;
  name: string;
  price: string;
  pricePence: number;
  places: number;
  sold: number;
  held: number;
  left: number;
  sale: "on-sale" | "not-yet" | "ended";
  saleStartsAt: string | null;
  saleEndsAt: string | null;
  /** What the public pages say of it: places left, sold out, not on sale yet or closed. */
  note: string;
}

function saleNote(type: TicketType, sale: TicketTypeView["sale"]): string {
  if (sale === "not-yet" && type.saleStartsAt) return eventsPage.notOnSaleYet(formatLongDate(type.saleStartsAt));
  if (sale === "ended") return eventsPage.saleEnded;
  const left = placesLeft(type);
  if (left > 0) return eventsPage.placesLeft(left);
  // Holds, not sales, fill it: "being held", not "Sold out".
  return type.sold < type.places ? eventsPage.placesHeld : eventsPage.soldOut;
}

function typeView(type: TicketType, at: string): TicketTypeView {
  const sale = saleState(type, at);
  return {
    ...pick(type, ["id", "name", "pricePence", "places", "sold", "held", "saleStartsAt", "saleEndsAt"]),
    note: saleNote(type, sale),
    price: type.pricePence === 0 ? "Free" : formatPence(type.pricePence),
    left: placesLeft(type),
    sale,
  };
}

function eventSummary(event: EventRow) {
  return {
    ...pick(event, ["id", "slug", "title", "venue", "startsAt"]),
    /** "5 October 2027, 17:30", UK time: formatted here so the pages ship no date code. */
    when: formatLongDateTime(event.startsAt),
    summary: markdownToText(event.description).slice(0, 200),
    image: responsiveImage(event.imageUpload, event.imageWidths, event.imageAlt),
  };
}

/** An event is listed until six hours after it starts (an evening event stays up on the night). */
const LISTED_AFTER_START_MS = 6 * 3_600_000;

/** The public list: published events from today on, each with its ticket types. */
export async function upcomingEvents() {
  const db = getDb();
  const at = nowIsoString();
  const events = await listEvents(db, {
    from: new Date(nowDate().getTime() - LISTED_AFTER_START_MS).toISOString(),
    publishedOnly: true,
  });
  return Promise.all(
    events.map(async (event) => ({
      ...eventSummary(event),
      ticketTypes: (await listTicketTypes(db, event.id)).map((type) => typeView(type, at)),
    })),
  );
}

/** One published event's page, or undefined. */
export async function publicEvent(slug: string) {
  const db = getDb();
  const event = await getEventBySlug(db, slug);
  if (!event || event.status !== "published") return undefined;
  const at = nowIsoString();
  return {
    ...eventSummary(event),
    descriptionHtml: renderMarkdown(event.description),
    suggestedDonation: event.suggestedDonationPence ? formatPence(event.suggestedDonationPence) : null,
    suggestedDonationPounds: event.suggestedDonationPence ? (event.suggestedDonationPence / 100).toFixed(2) : null,
    ticketTypes: (await listTicketTypes(db, event.id)).map((type) => typeView(type, at)),
  };
}

// ---------------------------------------------------------------------------------------------
// Staff

/** "Charity Gala 2026!" → "charity-gala-2026" ("event" when nothing of the title is left). */
export const slugify = (title: string) => slugOf(title, "event");

export interface EventForm {
  title: string;
  slug?: string;
  description: string;
  venue: string;
  startsAt: string;
  suggestedDonationPence: number | null;
  imageAlt: string | null;
  photo?: File;
}

async function freeSlug(wanted: string | undefined, title: string, exceptId?: number): Promise<string> {
  const db = getDb();
  if (wanted) {
    if (await slugTaken(db, wanted, exceptId)) {
      throw new EventRefused("Another event has this address already: choose another.", 409);
    }
    return wanted;
  }
  return firstFreeSlug(slugify(title), (candidate) => slugTaken(db, candidate, exceptId));
}

type StoredImage = Awaited<ReturnType<typeof storeImage>>;

/** What the model stores of the staff form: the photo's columns only when a new one was stored. */
function eventInput(form: EventForm, slug: string, stored: StoredImage | undefined): EventInput {
  return {
    slug,
    title: form.title,
    description: form.description,
    venue: form.venue,
    startsAt: form.startsAt,
    suggestedDonationPence: form.suggestedDonationPence,
    ...(stored ? { imageUpload: stored.key, imageWidths: stored.widths.join(","), imageAlt: form.imageAlt } : {}),
  };
}

/** A staff change to an event, in its transaction: its history records it (events' pages are never cached). */
async function noteEventChange(trx: DB, eventId: number, action: string, detail: string | null, actor: User) {
  await recordAudit(trx, {
    entity: "event",
    entityId: eventId,
    action,
    detail,
    actor: actor.username,
    actorId: actor.id,
  });
}

const ticketTypeDetail = (ticket: TicketTypeInput) =>
  `${ticket.name}: ${ticket.places} places at ${formatPence(ticket.pricePence)}`;

/** Creates an event with its first ticket type; the photo (when given) goes through the image pipeline. */
export async function createEventWithTickets(form: EventForm, ticket: TicketTypeInput, actor: User): Promise<number> {
  const slug = await freeSlug(form.slug, form.title);
  const stored = form.photo ? await storeImage(new Uint8Array(await form.photo.arrayBuffer())) : undefined;
  try {
    const id = await getDb()
      .transaction()
      .execute(async (trx) => {
        const now = nowIsoString();
        const eventId = await createEvent(trx, eventInput(form, slug, stored), now);
        await addTicketType(trx, eventId, ticket, now);
        await noteEventChange(trx, eventId, "event.created", ticketTypeDetail(ticket), actor);
        return eventId;
      });
    return id;
  } catch (error) {
    if (stored) await deleteImage(stored.key);
    throw error;
  }
}

export async function changeEvent(id: number, form: EventForm, actor: User): Promise<void> {
  const db = getDb();
  const current = await getEvent(db, id);
  if (!current) throw new EventRefused("There is no such event.", 404);
  const slug = await freeSlug(form.slug ?? current.slug, form.title, id);
  const stored = form.photo ? await storeImage(new Uint8Array(await form.photo.arrayBuffer())) : undefined;
  await db.transaction().execute(async (trx) => {
    await updateEvent(trx, id, eventInput(form, slug, stored), nowIsoString());
    await noteEventChange(trx, id, "event.changed", null, actor);
  });
  if (stored && current.imageUpload) await deleteImage(current.imageUpload);
}

export async function addTicketTypeToEvent(eventId: number, ticket: TicketTypeInput, actor: User): Promise<void> {
  const db = getDb();
  if (!(await getEvent(db, eventId))) throw new EventRefused("There is no such event.", 404);
  await db.transaction().execute(async (trx) => {
    await addTicketType(trx, eventId, ticket, nowIsoString());
    await noteEventChange(trx, eventId, "event.ticket_type_added", ticketTypeDetail(ticket), actor);
  });
}

/** Every event for staff, newest first, with places sold of places. */
export async function staffEvents() {
  const db = getDb();
  const events = (await listEvents(db)).reverse();
  return Promise.all(
    events.map(async (event) => {
      const types = await listTicketTypes(db, event.id);
      return {
        id: event.id,
        title: event.title,
        slug: event.slug,
        startsAt: event.startsAt,
        venue: event.venue,
        sold: types.reduce((sum, type) => sum + type.sold, 0),
        places: types.reduce((sum, type) => sum + type.places, 0),
      };
    }),
  );
}

export async function staffEvent(id: number) {
  const db = getDb();
  const event = await getEvent(db, id);
  if (!event) return undefined;
  const at = nowIsoString();
  return {
    id: event.id,
    title: event.title,
    slug: event.slug,
    description: event.description,
    venue: event.venue,
    startsAt: event.startsAt,
    suggestedDonationPence: event.suggestedDonationPence,
    imageAlt: event.imageAlt,
    ticketTypes: (await listTicketTypes(db, event.id)).map((type) => typeView(type, at)),
    waiting: await countWaiting(db, event.id),
  };
}

/** The event's tickets (live ones), optionally only those whose buyer's or guest's name holds `search`. */
export async function eventAttendees(eventId: number, search = ""): Promise<(Attendee & { name: string })[]> {
  const rows = await listAttendees(getDb(), eventId, search.trim().slice(0, 100));
  return rows.filter((a) => !a.cancelledAt).map((a) => ({ ...a, name: attendeeName(a) }));
}

/** Who a ticket is for: its guest, or the buyer for their own. */
export function attendeeName(a: Pick<Attendee, "guestName" | "buyerName">): string {
  return a.guestName ?? a.buyerName;
}

export const ATTENDEE_CSV_HEADER = [
  "Reference",
  "Name",
  "Email",
  "Booked by",
  "Ticket",
  "Code",
  "Checked in on UK date (YYYY-MM-DD)",
  "Checked in at UK time (HH:MM)",
  "Cancelled on UK date (YYYY-MM-DD)",
  "Cancelled at UK time (HH:MM)",
];

/** The attendee list as CSV (formula-safe cells): one row per ticket, named for its guest when it has one. */
export async function attendeesCsv(eventId: number): Promise<string> {
  const rows = await listAttendees(getDb(), eventId);
  return toCsv(
    ATTENDEE_CSV_HEADER,
    rows.map((a) => [
      a.reference,
      attendeeName(a),
      a.guestName === null ? a.buyerEmail : (a.guestEmail ?? ""),
      a.buyerName,
      a.ticketType,
      formatTicketCode(a.code),
      // UK time, in a date cell and a time cell, as every other export (londonDayAndTime).
      ...londonDayAndTime(a.checkedInAt),
      ...londonDayAndTime(a.cancelledAt),
    ]),
  );
}

/** The door's count: how many of the event's tickets are in ("37 of 120 in"). */
export function checkInCount(eventId: number) {
  return countCheckedIn(getDb(), eventId);
}

export type CheckInOutcome =
  | { kind: "checked-in"; name: string; ticketType: string }
  | { kind: "already"; name: string; ticketType: string; at: string }
  | { kind: "cancelled"; name: string }
  | { kind: "unknown" };

/**
 * Checks a ticket in by its typed short code, its scanned token (or an older ticket's bare code, or a ticket id from the
 * name search): once; a second scan says when it was checked in already.
 */
export async function checkIn(
  eventId: number,
  input: { token?: string; ticketId?: number },
  actor: User,
): Promise<CheckInOutcome> {
  const db = getDb();
  let attendee: Attendee | undefined;
  if (input.ticketId !== undefined) {
    attendee = (await listAttendees(db, eventId)).find((a) => a.ticketId === input.ticketId);
  } else if (input.token) {
    const code = ticketCodeFromInput(input.token);
    attendee = code ? await getAttendeeByCode(db, code) : undefined;
  }
  if (!attendee || attendee.eventId !== eventId) return { kind: "unknown" };
  const name = attendeeName(attendee);
  if (attendee.cancelledAt) return { kind: "cancelled", name };
  const done = await db
    .transaction()
    .execute((trx) => checkInTicket(trx, attendee.ticketId, actor.username, nowIsoString()));
  if (done) return { kind: "checked-in", name, ticketType: attendee.ticketType };
  const again = await getAttendeeByCode(db, attendee.code);
  return { kind: "already", name, ticketType: attendee.ticketType, at: again?.checkedInAt ?? "" };
}
