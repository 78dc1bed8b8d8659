import { z } from "./zod";
import { emailField, requiredText } from "./email";
import { eventBookingRules, waitlistRules } from "./event-booking-rules";
import { poundsToPence } from "./event-money";

// The public ticket form and the waiting-list form, on the server (the browser checks the same
// rules without zod: event-booking-rules.ts).

const { name, email } = eventBookingRules;
export const MAX_TICKETS = 10;

const ticketType = z.coerce.number({ error: "Choose a ticket" }).int("Choose a ticket").positive("Choose a ticket");

export const eventBookingSchema = z.object({
  intent: z.literal("book").default("book"),
  ticket_type: ticketType,
  quantity: z.coerce
    .number({ error: "Choose how many tickets" })
    .int("Choose how many tickets")
    .min(1, "Choose at least 1 ticket")
    .max(MAX_TICKETS, `At most ${MAX_TICKETS} tickets in one booking`),
  name: requiredText(name.label, name.maxLength!, "name"),
  email: emailField(email.label),
  donation: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string()
      .refine((value) => poundsToPence(value) !== null, "Enter a donation in pounds, like 10 or 12.50")
      .transform((value) => poundsToPence(value)!)
      .optional(),
  ),
});

export const waitlistSchema = z.object({
  intent: z.literal("waitlist"),
  ticket_type: ticketType,
  name: requiredText(waitlistRules.name.label, waitlistRules.name.maxLength, "name"),
  email: emailField(waitlistRules.email.label),
});

export const eventFormSchema = z.discriminatedUnion("intent", [
  eventBookingSchema.extend({ intent: z.literal("book") }),
  waitlistSchema,
]);
