import { z } from "./zod";
import { textCharacters } from "./email";

// The pieces every form with an uploaded photo shares (news, appeals, events, a supporter's
// page): the file's size and type rule, its description (alt text), the rule that a photo needs
// one, and a page address. One home, so a photo is refused with the same words everywhere.

/** Largest photo anyone may upload. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
/**
 * A form with a photo: a photo up to 10 MB is kept, a larger one (up to the whole limit) is read,
 * cut, and answered with a field error; a body beyond that is a 413.
 */
export const PHOTO_FORM_LIMITS = { maxBytes: 24 * 1024 * 1024, maxFileBytes: MAX_IMAGE_BYTES };

/** A page's address after its section: small letters and digits, single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Conform sends an empty field as undefined; the API may send null or ""; spaces alone are empty. */
export const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === "string" && v.trim() === "") ? undefined : v;

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

/** An optional photo: a JPEG, PNG or WebP of at most 10 MB (a file input left empty is no photo). */
export const photoFile = z.preprocess(
  (v) => (isFile(v) && v.size === 0 && !v.name ? undefined : v),
  z
    .custom<File>(isFile, "Choose a photo file")
    .refine((file) => file.size <= MAX_IMAGE_BYTES, "The photo must be at most 10 MB")
    .refine(
      (file) => (IMAGE_TYPES as readonly string[]).includes(file.type),
      "The photo must be a JPEG, PNG or WebP image",
    )
    .optional(),
);

/** A photo's optional description, one line of at most `max` characters. */
export function photoAlt(label: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be a string` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .optional()
      .superRefine(textCharacters("line", label)),
  );
}

export const PHOTO_ALT_MESSAGE =
  "Describe the photo: people who use screen readers hear this text instead of seeing it";

/** A photo chosen without its description is refused on the description. */
export function requirePhotoAlt(value: { image?: File; image_alt?: string }, ctx: z.RefinementCtx) {
  if (value.image && !value.image_alt) {
    ctx.addIssue({ code: "custom", path: ["image_alt"], message: PHOTO_ALT_MESSAGE });
  }
}
