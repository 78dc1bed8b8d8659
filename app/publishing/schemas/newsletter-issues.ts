import { fromLondonLocal } from "~/utils/dates";
import { UPLOAD_KEY } from "~/utils/images";
import { z } from "~/schemas/zod";
import { emailField, requiredText, textCharacters } from "~/schemas/email";

// The staff forms of the Newsletters section (Conform in the browser, zod on the server).

export const NEWSLETTER_LIMITS = { subject: 150, preheader: 200, body: 50_000 } as const;

const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** Write or edit a draft: subject, the inbox preview line, the Markdown body and a news photo. */
export const newsletterDraftSchema = z.object({
  intent: z.literal("save"),
  subject: requiredText("Subject", NEWSLETTER_LIMITS.subject),
  preheader: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(NEWSLETTER_LIMITS.preheader, `Preview line must be at most ${NEWSLETTER_LIMITS.preheader} characters`)
      .superRefine(textCharacters("line", "Preview line"))
      .optional(),
  ),
  body: requiredText("Text", NEWSLETTER_LIMITS.body, "multiline"),
  image: z.preprocess(
    blankToUndefined,
    z.string().regex(UPLOAD_KEY, "Choose one of the photos in the list").optional(),
  ),
});
export type NewsletterDraftForm = z.infer<typeof newsletterDraftSchema>;

/** Start a draft from a published article. */
export const newsletterFromArticleSchema = z.object({
  intent: z.literal("from-article"),
  article: z.coerce.number({ error: "Choose an article" }).int("Choose an article").positive("Choose an article"),
});

/** "Send me a test": the address (the staff account has none of its own yet). */
export const newsletterTestSchema = z.object({
  intent: z.literal("test"),
  to: emailField("Your e-mail address"),
});

/** Schedule for a UK date and time, as news articles are. */
export const newsletterScheduleSchema = z.object({
  intent: z.literal("schedule"),
  send_at: z
    .string({ error: "Enter the date and time to send it" })
    .trim()
    .min(1, "Enter the date and time to send it")
    .refine(
      (value) => fromLondonLocal(value) !== null,
      "Enter a date and time that exists in the UK, e.g. 06/10/2025 09:00",
    ),
});
