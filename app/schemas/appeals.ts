import { z } from "./zod";
import { textCharacters } from "./email";
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from "./news";
import { isCalendarDay } from "~/utils/dates";
import { poundsToPence } from "~/utils/money";

// The staff appeal form (Appeals section): zod + Conform like every staff form. Admin and
// fundraising set everything; an editor changes the words (title, story, photo) only.

export const APPEAL_LIMITS = { title: 200, story: 50_000, slug: 80, imageAlt: 250 } as const;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The largest goal staff may set: £10 million. */
export const MAX_GOAL_PENCE = 1_000_000_000;

const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);
const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;
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
    title: z
      .string({ error: "Title is required" })
      .trim()
      .min(1, "Title is required")
      .max(APPEAL_LIMITS.title, `Title must be at most ${APPEAL_LIMITS.title} characters`)
      .superRefine(textCharacters("line", "Title")),
    slug: z
      .string({ error: "Address is required" })
      .trim()
      .max(APPEAL_LIMITS.slug, `Address must be at most ${APPEAL_LIMITS.slug} characters`)
      .regex(SLUG_PATTERN, "Address may hold only small letters, digits and single hyphens, e.g. winter-appeal"),
    story: z
      .string({ error: "Story is required" })
      .trim()
      .min(1, "Story is required")
      .max(APPEAL_LIMITS.story, `Story must be at most ${APPEAL_LIMITS.story} characters`)
      .superRefine(textCharacters("multiline", "Story")),
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
    image_alt: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(APPEAL_LIMITS.imageAlt, `Photo description must be at most ${APPEAL_LIMITS.imageAlt} characters`)
        .optional()
        .superRefine(textCharacters("line", "Photo description")),
    ),
    image: z.preprocess(
      (v) => (isFile(v) && v.size === 0 && !v.name ? undefined : v),
      z
        .custom<File>(isFile, "Choose a photo file")
        .refine((file) => file.size <= MAX_IMAGE_BYTES, "The photo must be at most 10 MB")
        .refine(
          (file) => (IMAGE_TYPES as readonly string[]).includes(file.type),
          "The photo must be a JPEG, PNG or WebP image",
        )
        .optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.image && !value.image_alt) {
      ctx.addIssue({
        code: "custom",
        path: ["image_alt"],
        message: "Describe the photo: people who use screen readers hear this text instead of seeing it",
      });
    }
    if (value.starts_on && value.ends_on && value.ends_on < value.starts_on) {
      ctx.addIssue({ code: "custom", path: ["ends_on"], message: "End must be on or after the start" });
    }
  });

export type AppealFormInput = z.infer<typeof appealFormSchema>;
