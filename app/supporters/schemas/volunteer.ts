import { z } from "~/schemas/zod";
import {
  isVolunteerKind,
  volunteerKinds,
  volunteerMailPlaceholders,
  volunteerMailStaff,
  volunteerMailStatuses,
  volunteerStatuses,
} from "~/content/volunteers";
import { postcodeDistrict } from "~/utils/postcode-district";
import { emailField, requiredText, textCharacters } from "~/schemas/email";
import { requiredMessage, tooLongMessage } from "~/schemas/field-rules";
import {
  blankAsUndefined,
  listChoiceField,
  listFilters,
  listQueryString,
  parseListQuery,
} from "~/schemas/staff-list-query";
import { INVALID_DISTRICT_MESSAGE, VOLUNTEER_LIMITS, volunteerIssues, volunteerRules } from "./volunteer-rules";

// The volunteer application form on the server (built from the rules the browser checks,
// app/supporters/schemas/volunteer-rules.ts), and the staff Volunteers section's filters and status change.

const { name, email, phone, district, availability, experience, why, consent } = volunteerRules;

function optionalText(rule: { label: string; maxLength: number; text: "line" | "multiline" }) {
  return z
    .string()
    .trim()
    .max(rule.maxLength, tooLongMessage(rule.label, rule.maxLength))
    .optional()
    .superRefine(textCharacters(rule.text, rule.label))
    .transform((value) => value ?? "");
}

export const volunteerApplicationSchema = z
  .object({
    name: requiredText(name.label, name.maxLength, name.text),
    email: emailField(email.label),
    phone: optionalText({ label: phone.label, maxLength: phone.maxLength, text: "line" }),
    district: requiredText(district.label, district.maxLength, district.text),
    availability: requiredText(availability.label, availability.maxLength, "line"),
    /** The interests ticked: each one of the Settings list (checked against it by the action). */
    interests: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(VOLUNTEER_LIMITS.interest, tooLongMessage("An interest", VOLUNTEER_LIMITS.interest))
          .superRefine(textCharacters("line", "An interest")),
      )
      .max(50)
      .default([]),
    experience: optionalText({ label: experience.label, maxLength: experience.maxLength, text: "multiline" }),
    why: z
      .string({ error: why.missingMessage })
      .trim()
      .min(1, why.missingMessage)
      .max(why.maxLength, tooLongMessage(why.label, why.maxLength))
      .superRefine(textCharacters("multiline", why.label)),
    consent: z
      .boolean({ error: consent.missingMessage ?? requiredMessage(consent.label) })
      .refine((ticked) => ticked, consent.missingMessage),
  })
  .superRefine(
    (value, ctx) => {
      for (const issue of volunteerIssues(value ?? {})) ctx.addIssue({ code: "custom", ...issue });
      const district = typeof value?.district === "string" ? value.district.trim() : "";
      if (district && district.length <= VOLUNTEER_LIMITS.district && postcodeDistrict(district) === null) {
        ctx.addIssue({ code: "custom", path: ["district"], message: INVALID_DISTRICT_MESSAGE });
      }
    },
    { when: () => true },
  )
  .transform((value) => ({
    ...value,
    district: postcodeDistrict(value.district) ?? value.district,
    interests: [...new Set(value.interests)],
  }));

export type VolunteerApplicationInput = z.output<typeof volunteerApplicationSchema>;

export const volunteerFilterSchema = listFilters({
  status: listChoiceField(volunteerStatuses, "Unknown status"),
  kind: listChoiceField(volunteerKinds, "Unknown kind of application"),
  interest: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .max(VOLUNTEER_LIMITS.interest, "No such interest")
      .superRefine(textCharacters("line", "Interest"))
      .optional(),
  ),
});

export type VolunteerFilter = Omit<z.infer<typeof volunteerFilterSchema>, "page">;

/** The list's filters from a URL's query: the filter and page, or the problems to show as a 400. */
export function parseVolunteerQuery(params: URLSearchParams) {
  return parseListQuery(volunteerFilterSchema, ["status", "kind", "interest", "q", "page"], params);
}

/** The query string for a filter and page, leaving out what is not set (page 1 included). */
export function volunteerQueryString(filter: VolunteerFilter, page = 1): string {
  const kind = filter.kind && isVolunteerKind(filter.kind) ? filter.kind : undefined;
  return listQueryString({ status: filter.status, kind, interest: filter.interest, q: filter.q }, page);
}

/**
 * An application's status change: the button pressed names the new status; the note is optional;
 * "E-mail the applicant" (a checkbox) sends the status's kind e-mail when it has one.
 */
export const volunteerStatusSchema = z.object({
  status: z.enum(volunteerStatuses, { error: "Choose the application's new status" }),
  emailApplicant: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
  note: z
    .string()
    .trim()
    .max(VOLUNTEER_LIMITS.note, tooLongMessage("Note", VOLUNTEER_LIMITS.note))
    .optional()
    .superRefine(textCharacters("multiline", "Note")),
});

export const VOLUNTEER_MAIL_LIMITS = { subject: 150, body: 5000 } as const;

/** A placeholder-looking {word} that is not one of ours: refused, so a typo is not sent as written. */
function placeholdersOnly() {
  return (value: string, ctx: z.RefinementCtx) => {
    const unknown = (value.match(/\{[^{}]*\}/g) ?? []).find(
      (token) => !(volunteerMailPlaceholders as readonly string[]).includes(token),
    );
    if (unknown) ctx.addIssue({ code: "custom", message: volunteerMailStaff.unknownPlaceholder(unknown) });
  };
}

/** One template of the e-mails to applicants, as staff save it (the hidden `status` says which). */
export const volunteerMailTemplateSchema = z.object({
  status: z.enum(volunteerMailStatuses, { error: "Choose which e-mail to save" }),
  subject: requiredText("Subject", VOLUNTEER_MAIL_LIMITS.subject).superRefine(placeholdersOnly()),
  body: requiredText("Message", VOLUNTEER_MAIL_LIMITS.body, "multiline").superRefine(placeholdersOnly()),
});
