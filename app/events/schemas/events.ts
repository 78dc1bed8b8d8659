import { z } from "~/schemas/zod";
import { requiredText } from "~/schemas/email";
import { poundsToPence } from "./event-money";
import { fromLondonLocal } from "~/utils/dates";
import { photoAlt, photoFile } from "~/schemas/photo-fields";

// The staff Events forms (zod + Conform): an event with its first ticket type, another ticket
// type. Times are typed as UK local time and stored as UTC instants.

export const EVENT_LIMITS = { title: 200, slug: 80, description: 20_000, venue: 300, ticketName: 100, alt: 250 };
export const MAX_PLACES = 100_000;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const ukTime = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine((value) => fromLondonLocal(value) !== null, `Enter ${label.toLowerCase()} as a date and time`)
    .transform((value) => fromLondonLocal(value)!);

const optionalUkTime = (label: string) => z.preprocess(blankToUndefined, ukTime(label).optional());

const pounds = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine((value) => poundsToPence(value) !== null, `Enter ${label.toLowerCase()} in pounds, like 50 or 12.50`)
    .transform((value) => poundsToPence(value)!);

const places = z.coerce
  .number({ error: "Enter the number of places" })
  .int("Enter a whole number of places")
  .min(1, "There must be at least 1 place")
  .max(MAX_PLACES, `At most ${MAX_PLACES} places`);

const ticketFields = {
  ticket_name: requiredText("Ticket name", EVENT_LIMITS.ticketName),
  ticket_price: pounds("Price"),
  ticket_places: places,
  sale_starts: optionalUkTime("Sale start"),
  sale_ends: optionalUkTime("Sale end"),
};

const saleOrder = (value: { sale_starts?: string; sale_ends?: string }, ctx: z.RefinementCtx) => {
  if (value.sale_starts && value.sale_ends && value.sale_ends <= value.sale_starts) {
    ctx.addIssue({ code: "custom", path: ["sale_ends"], message: "The sale must end after it starts" });
  }
};

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const eventFields = {
  title: requiredText("Title", EVENT_LIMITS.title),
  slug: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(EVENT_LIMITS.slug, `The address must be at most ${EVENT_LIMITS.slug} characters`)
      .regex(SLUG_PATTERN, "Use lower-case letters, digits and single hyphens, like charity-gala-2026")
      .optional(),
  ),
  description: requiredText("Description", EVENT_LIMITS.description, "multiline"),
  venue: requiredText("Venue", EVENT_LIMITS.venue),
  starts_at: ukTime("Date and time"),
  suggested_donation: z.preprocess(blankToUndefined, pounds("Suggested donation").optional()),
  image_alt: photoAlt("Photo description", EVENT_LIMITS.alt),
  image: photoFile,
};

/** A new event and its first ticket type. */
export const newEventSchema = z.object({ ...eventFields, ...ticketFields }).superRefine(saleOrder);
export type NewEventInput = z.output<typeof newEventSchema>;

/** An event's details changed (its ticket types are added one by one). */
export const editEventSchema = z.object(eventFields);

/** Another ticket type for an event. */
export const ticketTypeSchema = z.object(ticketFields).superRefine(saleOrder);
export type TicketTypeFormInput = z.output<typeof ticketTypeSchema>;
