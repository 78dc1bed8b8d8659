import { z } from "~/schemas/zod";
import { emailField, requiredText, textCharacters } from "~/schemas/email";
import {
  eventBookingRules,
  guestEmailField,
  guestNameField,
  guestRowCount,
  waitlistRules,
} from "./event-booking-rules";
import { poundsToPence } from "./event-money";
import { giftAidIssues } from "~/giving/schemas/donation-rules";
import { giftAidFormFields as giftAidFields } from "~/giving/schemas/donation";

// The public ticket form and the waiting-list form, on the server (the browser checks the same
// rules without zod: event-booking-rules.ts).

const { name, email } = eventBookingRules;
export const MAX_TICKETS = 10;

/**
 * The guest fields of a booking of two or more tickets: one row per ticket (1 to MAX_TICKETS), a
 * name (the buyer may name themselves) and an e-mail address to send that guest their ticket.
 * A booking of one ticket has no rows: the ticket is the buyer's.
 */
const GUEST_TICKETS = Array.from({ length: MAX_TICKETS }, (_, i) => i + 1);
const guestLabel = (ticket: number) => `Guest ${ticket}: name`;
const guestFields = Object.fromEntries(
  GUEST_TICKETS.flatMap((ticket) => [
    [
      guestNameField(ticket),
      z
        .string()
        .trim()
        .max(name.maxLength, `${guestLabel(ticket)} must be at most ${name.maxLength} characters`)
        .superRefine(textCharacters("name", guestLabel(ticket)))
        .optional(),
    ],
    [guestEmailField(ticket), emailField(`Guest ${ticket}: email address`).optional()],
  ]),
  // Read by name (guestsOf), so the parsed value's type does not list them.
) as Record<never, never>;

/** The guests of a booking of `quantity` tickets, from the parsed form: the fields past the quantity are ignored. */
export function guestsOf(value: Record<string, unknown>, quantity: number): { name: string; email: string | null }[] {
  return GUEST_TICKETS.filter((ticket) => ticket <= guestRowCount(quantity)).map((ticket) => ({
    name: String(value[guestNameField(ticket)] ?? ""),
    email: (value[guestEmailField(ticket)] as string | undefined) || null,
  }));
}

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
  places: z.coerce
    .number({ error: "Choose how many places" })
    .int("Choose how many places")
    .min(1, "Choose at least 1 place")
    .max(MAX_TICKETS, `At most ${MAX_TICKETS} places`)
    .default(1),
  name: requiredText(waitlistRules.name.label, waitlistRules.name.maxLength, "name"),
  email: emailField(waitlistRules.email.label),
});

export const eventFormSchema = z.discriminatedUnion("intent", [
  eventBookingSchema
    .extend({ intent: z.literal("book"), ...guestFields, ...giftAidFields })
    // Each guest of the chosen number of tickets is named; the fields past it are ignored.
    .superRefine((value, ctx) => {
      if (value.giftAid) {
        for (const issue of giftAidIssues(value)) ctx.addIssue({ code: "custom", ...issue });
        if (!value.donation) {
          ctx.addIssue({
            code: "custom",
            path: ["donation"],
            message: "Gift Aid is added to a donation: enter one, or untick Gift Aid",
          });
        }
        if (!/\S\s+\S/.test(value.name)) {
          ctx.addIssue({ code: "custom", path: ["name"], message: "For Gift Aid, give your first and last name" });
        }
      }
      const fields = value as Record<string, unknown>;
      for (const ticket of GUEST_TICKETS) {
        if (ticket <= guestRowCount(value.quantity) && !fields[guestNameField(ticket)]) {
          ctx.addIssue({ code: "custom", path: [guestNameField(ticket)], message: `Enter guest ${ticket}'s name` });
        }
      }
    }),
  waitlistSchema,
]);
