import { CONTACT_LIMITS, emailRule, type FieldRules } from "~/schemas/field-rules";

// The contact form's rules (see field-rules.ts): apart, so that only the contact page loads them.

export const contactRules = {
  name: { label: "Full name", required: true, maxLength: CONTACT_LIMITS.name, text: "name" },
  email: emailRule(),
  subject: { label: "Subject", required: true, missingMessage: "Choose a subject from the list" },
  message: { label: "Message", required: true, maxLength: CONTACT_LIMITS.message, text: "multiline" },
} satisfies FieldRules;
