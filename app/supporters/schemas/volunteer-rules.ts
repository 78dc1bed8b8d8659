// The volunteer application form's rules (see field-rules.ts), without zod: the public page
// checks them in the browser (browserValidation) and app/supporters/schemas/volunteer.ts builds the server's
// schema from the same rules and messages. Whether a district is a real one (the `postcode`
// library) is checked by the server only, which keeps the library and the donate form's rules out
// of the page's JavaScript (its 100 KB budget).
import { volunteerForm } from "~/content/volunteer-form";
import { emailRule, type FieldRules } from "~/schemas/field-rules";
import { INVALID_PHONE_MESSAGE, isPhoneNumber } from "~/schemas/phone-rule";
import { VOLUNTEER_LIMITS } from "./volunteer-limits";

export { VOLUNTEER_LIMITS };

const { labels } = volunteerForm;

export const volunteerRules = {
  name: { label: labels.name, required: true, maxLength: VOLUNTEER_LIMITS.name, text: "name" },
  email: emailRule(labels.email),
  phone: { label: labels.phone, maxLength: VOLUNTEER_LIMITS.phone, text: "line" },
  district: { label: labels.district, required: true, maxLength: VOLUNTEER_LIMITS.district, text: "line" },
  availability: {
    label: labels.availability,
    required: true,
    maxLength: VOLUNTEER_LIMITS.availability,
    text: "line",
  },
  experience: { label: labels.experience, maxLength: VOLUNTEER_LIMITS.experience, text: "multiline" },
  why: {
    label: "Your reasons",
    required: true,
    maxLength: VOLUNTEER_LIMITS.why,
    text: "multiline",
    missingMessage: "Tell us why you would like to join us",
  },
  consent: {
    label: labels.consent,
    required: true,
    missingMessage: "Tick the box to agree, so that we can contact you and keep your application",
  },
} satisfies FieldRules;

export const INVALID_DISTRICT_MESSAGE = "Enter a UK postcode district, like SW1A or M1 (or your whole postcode)";

type Issue = { path: string[]; message: string };

/** The rule across fields the browser checks too: a phone number's shape. */
export function volunteerIssues(value: { phone?: unknown }): Issue[] {
  const phone = typeof value.phone === "string" ? value.phone.trim() : "";
  return phone && phone.length <= VOLUNTEER_LIMITS.phone && !isPhoneNumber(phone)
    ? [{ path: ["phone"], message: INVALID_PHONE_MESSAGE }]
    : [];
}
