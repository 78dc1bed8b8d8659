import { DONATION_FIELD_LIMITS, emailRule, type FieldRules } from "~/schemas/field-rules";

// The donate form's single fields (see field-rules.ts): apart, so that only the donate page loads them.

/** The donate form's single fields; its rules across fields are in donation-rules.ts. */
export const donationRules = {
  firstName: { label: "First name", required: true, maxLength: DONATION_FIELD_LIMITS.name, text: "name" },
  lastName: { label: "Last name", required: true, maxLength: DONATION_FIELD_LIMITS.name, text: "name" },
  email: emailRule(),
  phone: { label: "Phone number", maxLength: DONATION_FIELD_LIMITS.phone, text: "line" },
  honoreeName: { label: "Their name", maxLength: DONATION_FIELD_LIMITS.name, text: "name" },
} satisfies FieldRules;
