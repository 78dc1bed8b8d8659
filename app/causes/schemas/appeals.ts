import { z } from "~/schemas/zod";
import { requiredText } from "~/schemas/email";
import { blankToUndefined, photoAlt, photoFile, requirePhotoAlt, SLUG_PATTERN } from "~/schemas/photo-fields";
import { isCalendarDay } from "~/utils/dates";
import { poundsToPence } from "~/utils/money";

// The staff appeal form (Appeals section): zod + Conform like every staff form. Admin and
// fundraising set everything; an editor changes the words (title, story, photo) only.

export const APPEAL_LIMITS = { title: 200, story: 50_000, slug: 80, imageAlt: 250 } as const;
/** The largest goal staff may set: £10 million. */
export const MAX_GOAL_PENCE = 1_000_000_000;

const optionalDay = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((value) => isCalendarDay(value), `${label} must be a date, e.g. 2026-12-01`)
      .optional(),
  );

export const appealFormSchema = z
  .object({
    title: requiredText("Title", APPEAL_LIMITS.title),
    // Left empty, the address is made from the title (as an event's is).
    slug: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(APPEAL_LIMITS.slug, `Address must be at most ${APPEAL_LIMITS.slug} characters`)
        .regex(SLUG_PATTERN, "Address may hold only small letters, digits and single hyphens, e.g. winter-appeal")
        .optional(),
    ),
    story: requiredText("Story", APPEAL_LIMITS.story, "multiline"),
    goal: z
      .string({ error: "Goal is required" })
      .trim()
      .transform((value, ctx) => {
        const pence = poundsToPence(value);
        if (pence === null || pence < 100 || pence > MAX_GOAL_PENCE) {
          ctx.addIssue({
            code: "custom",
            message: "Goal must be an amount in pounds from £1 to £10,000,000, e.g. 5000",
          });
          return z.NEVER;
        }
        return pence;
      }),
    goal_donors: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: "Goal in donors must be a whole number" })
        .int("Goal in donors must be a whole number")
        .min(1, "Goal in donors must be at least 1")
        .max(10_000_000, "Goal in donors is too large")
        .optional(),
    ),
    starts_on: optionalDay("Start"),
    ends_on: optionalDay("End"),
    is_open: z.preprocess((v) => v === "on" || v === true, z.boolean()),
    image_alt: photoAlt("Photo description", APPEAL_LIMITS.imageAlt),
    image: photoFile,
  })
  .superRefine((value, ctx) => {
    requirePhotoAlt(value, ctx);
    if (value.starts_on && value.ends_on && value.ends_on < value.starts_on) {
      ctx.addIssue({ code: "custom", path: ["ends_on"], message: "End must be on or after the start" });
    }
  });

export type AppealFormInput = z.infer<typeof appealFormSchema>;
