import { CONTACT_LIMITS, emailRule, type FieldRules } from "./field-rules";

// The ticket form's rules (see field-rules.ts), without zod: the public events page loads them.

export const eventBookingRules = {
  name: { label: "Your name", required: true, maxLength: CONTACT_LIMITS.name, text: "name" },
  email: emailRule(),
  ticket_type: { label: "Ticket", required: true, missingMessage: "Choose a ticket" },
  quantity: { label: "Number of tickets", required: true, missingMessage: "Choose how many tickets" },
  donation: { label: "Donation", maxLength: 12 },
} satisfies FieldRules;

export const waitlistRules = {
  name: { label: "Your name", required: true, maxLength: CONTACT_LIMITS.name, text: "name" },
  email: emailRule(),
  ticket_type: { label: "Ticket", required: true, missingMessage: "Choose a ticket" },
} satisfies FieldRules;
