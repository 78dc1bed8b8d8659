import { emailRule, type FieldRules } from "~/schemas/field-rules";

// The "Start your page" form's rules (Share My Day and In Memoriam; see field-rules.ts): apart,
// so that only those pages load them. The zod schema (fundraising-page.ts) is built from them.

export const FUNDRAISING_LIMITS = {
  name: 100,
  title: 120,
  story: 5_000,
  occasion: 120,
  message: 500,
  imageAlt: 250,
} as const;
/** The largest target a supporter may set: £100,000. */
export const MAX_TARGET_PENCE = 10_000_000;

export const startPageRules = {
  name: { label: "Your name", required: true, maxLength: FUNDRAISING_LIMITS.name, text: "name" },
  email: emailRule("Your email address"),
  title: { label: "Page title", required: true, maxLength: FUNDRAISING_LIMITS.title, text: "line" },
  target: { label: "Target", required: true, maxLength: 12 },
  story: { label: "Your story", required: true, maxLength: FUNDRAISING_LIMITS.story, text: "multiline" },
  occasion: { label: "The occasion", maxLength: FUNDRAISING_LIMITS.occasion, text: "line" },
  in_memory_of: { label: "Their name", maxLength: FUNDRAISING_LIMITS.name, text: "name" },
  image_alt: { label: "Photo description", maxLength: FUNDRAISING_LIMITS.imageAlt, text: "line" },
  appeal: { label: "The appeal" },
} satisfies FieldRules;

/** In Memoriam: the same form, with the target optional (a tribute need not have one). */
export const tributeStartRules = {
  ...startPageRules,
  target: { ...startPageRules.target, required: false },
} satisfies FieldRules;

/** The owner's edit of their page (its management link): the words, the target and the photo. */
export const pageEditRules = {
  title: startPageRules.title,
  target: startPageRules.target,
  story: startPageRules.story,
  image_alt: startPageRules.image_alt,
} satisfies FieldRules;

/** The owner's edit of a tribute page: the target is optional there too. */
export const tributeEditRules = { ...pageEditRules, target: tributeStartRules.target } satisfies FieldRules;
