import { z } from "./zod";
import { isVolunteerKind, volunteerKinds, volunteerStatuses } from "~/content/volunteers";
import { postcodeDistrict } from "~/utils/postcode-district";
import { emailField, requiredText, textCharacters } from "./email";
import { requiredMessage, tooLongMessage } from "./field-rules";
import { INVALID_DISTRICT_MESSAGE, VOLUNTEER_LIMITS, volunteerIssues, volunteerRules } from "./volunteer-rules";

// The volunteer application form on the server (built from the rules the browser checks,
// app/schemas/volunteer-rules.ts), and the staff Volunteers section's filters and status change.

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

export const VOLUNTEER_PAGE_SIZE = 25;
export const VOLUNTEER_SEARCH_MIN = 2;
export const VOLUNTEER_SEARCH_MAX = 100;
const MAX_PAGE = 1_000_000;

const blankAsUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const volunteerFilterSchema = z.object({
  status: z.preprocess(blankAsUndefined, z.enum(volunteerStatuses, { error: "Unknown status" }).optional()),
  kind: z.preprocess(blankAsUndefined, z.enum(volunteerKinds, { error: "Unknown kind of application" }).optional()),
  interest: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .max(VOLUNTEER_LIMITS.interest, "No such interest")
      .superRefine(textCharacters("line", "Interest"))
      .optional(),
  ),
  q: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .min(VOLUNTEER_SEARCH_MIN, `Search for at least ${VOLUNTEER_SEARCH_MIN} characters`)
      .max(VOLUNTEER_SEARCH_MAX, `Search for at most ${VOLUNTEER_SEARCH_MAX} characters`)
      .optional(),
  ),
  page: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .regex(/^[1-9]\d{0,6}$/, "The page must be a whole number from 1")
      .transform(Number)
      .refine((n) => n <= MAX_PAGE, "No such page")
      .default(1),
  ),
});

export type VolunteerFilter = Omit<z.infer<typeof volunteerFilterSchema>, "page">;

const FILTER_KEYS = ["status", "kind", "interest", "q", "page"] as const;

/** The list's filters from a URL's query (a repeated parameter is malformed): the filter and page, or the problems. */
export function parseVolunteerQuery(
  params: URLSearchParams,
): { ok: true; filter: VolunteerFilter; page: number } | { ok: false; errors: string[] } {
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const values = params.getAll(key);
    if (values.length > 1) return { ok: false, errors: [`The ${key} filter was given more than once`] };
    if (values.length === 1) raw[key] = values[0];
  }
  const parsed = volunteerFilterSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, errors: parsed.error.issues.map((i) => i.message) };
  const { page, ...filter } = parsed.data;
  return { ok: true, filter, page };
}

/** The query string for a filter and page, leaving out what is not set (page 1 included). */
export function volunteerQueryString(filter: VolunteerFilter, page = 1): string {
  const params = new URLSearchParams();
  if (filter.status) params.set("status", filter.status);
  if (filter.kind && isVolunteerKind(filter.kind)) params.set("kind", filter.kind);
  if (filter.interest) params.set("interest", filter.interest);
  if (filter.q) params.set("q", filter.q);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** An application's status change: the button pressed names the new status; the note is optional. */
export const volunteerStatusSchema = z.object({
  status: z.enum(volunteerStatuses, { error: "Choose the application's new status" }),
  note: z
    .string()
    .trim()
    .max(VOLUNTEER_LIMITS.note, tooLongMessage("Note", VOLUNTEER_LIMITS.note))
    .optional()
    .superRefine(textCharacters("multiline", "Note")),
});
