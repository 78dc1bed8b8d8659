// The volunteer application form's rules (see field-rules.ts), without zod: the public page
// checks them in the browser (browserValidation) and app/schemas/volunteer.ts builds the server's
// schema from the same rules and messages.
import { volunteerForm } from "~/content/volunteers";
import { postcodeDistrict } from "~/utils/postcode-district";
import { INVALID_PHONE_MESSAGE, isPhoneNumber } from "./donation-rules";
import { emailRule, type FieldRules } from "./field-rules";

export const VOLUNTEER_LIMITS = {
  name: 100,
  phone: 30,
  district: 10,
  availability: 300,
  interest: 60,
  experience: 2_000,
  why: 2_000,
  note: 1_000,
} as const;

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

/** The rules across fields' shapes: a phone number's digits and a real postcode district. */
export function volunteerIssues(value: { phone?: unknown; district?: unknown }): Issue[] {
  const issues: Issue[] = [];
  const phone = typeof value.phone === "string" ? value.phone.trim() : "";
  if (phone && phone.length <= VOLUNTEER_LIMITS.phone && !isPhoneNumber(phone)) {
    issues.push({ path: ["phone"], message: INVALID_PHONE_MESSAGE });
  }
  const district = typeof value.district === "string" ? value.district.trim() : "";
  if (district && district.length <= VOLUNTEER_LIMITS.district && postcodeDistrict(district) === null) {
    issues.push({ path: ["district"], message: INVALID_DISTRICT_MESSAGE });
  }
  return issues;
}
