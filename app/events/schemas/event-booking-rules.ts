import { CONTACT_LIMITS, emailRule, type FieldRules } from "~/schemas/field-rules";

// The ticket form's rules (see field-rules.ts), without zod: the public events page loads them.

export const eventBookingRules = {
  name: { label: "Your name", required: true, maxLength: CONTACT_LIMITS.name, text: "name" },
  email: emailRule(),
  ticket_type: { label: "Ticket", required: true, missingMessage: "Choose a ticket" },
  quantity: { label: "Number of tickets", required: true, missingMessage: "Choose how many tickets" },
  donation: { label: "Donation", maxLength: 12 },
} satisfies FieldRules;

/** The ticket form's guest fields, by ticket (1 onwards, for a booking of two or more). */
export const guestNameField = (ticket: number) => `guest_name_${ticket}`;
export const guestEmailField = (ticket: number) => `guest_email_${ticket}`;

/** How many guest rows a booking of `quantity` tickets asks for: one per ticket (at most 10), none for a single ticket. */
export const guestRowCount = (quantity: number) => (quantity >= 2 ? Math.min(quantity, 10) : 0);

export const waitlistRules = {
  name: { label: "Your name", required: true, maxLength: CONTACT_LIMITS.name, text: "name" },
  email: emailRule(),
  ticket_type: { label: "Ticket", required: true, missingMessage: "Choose a ticket" },
  places: { label: "How many places", required: true, missingMessage: "Choose how many places" },
} satisfies FieldRules;
