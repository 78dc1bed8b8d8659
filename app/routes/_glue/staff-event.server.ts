// Route glue (app/routes/_glue/, never a route): what the staff Events pages share
// (app/routes/admin+/dashboard+/events.new.tsx, events.$id._index.tsx, .edit.tsx, .check-in.tsx):
// the event a page is about, the staff form's values as the service takes them, and the answer
// to a saved or refused event form.
import type { Submission } from "@conform-to/react";
import { json } from "@remix-run/node";
import { ImageRejected } from "~/infra/images.server";
import type { z } from "zod";
import type { editEventSchema, TicketTypeFormInput } from "~/events/schemas/events";
import { EventRefused, staffEvent, type EventForm } from "~/events/index.server";
import type { TicketTypeInput } from "~/events/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { parseRecordId } from "~/utils/record-id";
import { savedRedirect } from "./saved.server";
import { requireRole } from "./staff-guard.server";
import { notFound } from "~/utils/http";

/** The event id in the page's address; a 404 when it is not one. */
export function eventIdOf(params: { id?: string }): number {
  const id = parseRecordId(params.id);
  if (id === null) throw notFound("There is no such event.");
  return id;
}

/** The staff page's event, for someone allowed Events; a 404 when there is none. */
export async function requireStaffEvent(request: Request, params: { id?: string }) {
  await requireRole(request, "events");
  const event = await staffEvent(eventIdOf(params));
  if (!event) throw notFound("There is no such event.");
  return event;
}

/** The event's part of the staff form, as the service takes it. */
export function eventFormOf(value: z.output<typeof editEventSchema>): EventForm {
  return {
    title: value.title,
    slug: value.slug,
    description: value.description.replace(/\r\n?/g, "\n"),
    venue: value.venue,
    startsAt: value.starts_at,
    suggestedDonationPence: value.suggested_donation ?? null,
    imageAlt: value.image_alt ?? null,
    photo: value.image,
  };
}

/** A ticket type's part of the staff form, as the service takes it. */
export function ticketTypeOf(value: TicketTypeFormInput): TicketTypeInput {
  return {
    name: value.ticket_name,
    pricePence: value.ticket_price,
    places: value.ticket_places,
    saleStartsAt: value.sale_starts ?? null,
    saleEndsAt: value.sale_ends ?? null,
  };
}

/** Saves an event form: to the event's page with "Event saved.", or the form again with the photo's or the address's problem. */
export async function saveEventForm(submission: Submission<unknown>, save: () => Promise<number>) {
  try {
    return savedRedirect(adminPaths.event(await save()), "event-saved");
  } catch (error) {
    if (error instanceof ImageRejected) {
      return json({ result: submission.reply({ fieldErrors: { image: [error.message] } }) }, { status: 400 });
    }
    if (error instanceof EventRefused) {
      return json({ result: submission.reply({ fieldErrors: { slug: [error.message] } }) }, { status: error.status });
    }
    throw error;
  }
}
