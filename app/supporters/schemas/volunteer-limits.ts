// The volunteer form's lengths and which fields are required, with no import: the page reads them
// at once (the controls' required and maxlength attributes), while the checks that need the field
// rules (app/supporters/schemas/volunteer-checks.ts) load when the visitor first focuses the form.

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

/** The controls' `required` and `maxlength` (the same as app/supporters/schemas/volunteer-rules.ts). */
export const volunteerConstraint: Record<string, { required?: boolean; maxLength?: number }> = {
  name: { required: true, maxLength: VOLUNTEER_LIMITS.name },
  email: { required: true, maxLength: 254 },
  phone: { maxLength: VOLUNTEER_LIMITS.phone },
  district: { required: true, maxLength: VOLUNTEER_LIMITS.district },
  availability: { required: true, maxLength: VOLUNTEER_LIMITS.availability },
  experience: { maxLength: VOLUNTEER_LIMITS.experience },
  why: { required: true, maxLength: VOLUNTEER_LIMITS.why },
  consent: { required: true },
};
