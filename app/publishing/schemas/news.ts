import { fromLondonLocal } from "~/utils/dates";
import { safeHttpUrl } from "~/utils/safe-url";
import { z } from "~/schemas/zod";
import { requiredText } from "~/schemas/email";
import { blankToUndefined, photoAlt, photoFile, requirePhotoAlt } from "~/schemas/photo-fields";

export { IMAGE_TYPES, MAX_IMAGE_BYTES } from "~/schemas/photo-fields";

// Shared by the admin form (Conform) and the JSON API: the server is always the authority.
export const NEWS_LIMITS = { title: 200, content: 50_000, imageUrl: 2_048, imageAlt: 250 } as const;

export const NEWS_STATUSES = ["draft", "published"] as const;

const httpUrl = z
  .string()
  .trim()
  .max(NEWS_LIMITS.imageUrl, `Image URL must be at most ${NEWS_LIMITS.imageUrl} characters`)
  .refine((value) => safeHttpUrl(value) !== null, "Image URL must be a valid http(s) URL");

export const newsArticleSchema = z.object({
  title: requiredText("Title", NEWS_LIMITS.title),
  content: requiredText("Content", NEWS_LIMITS.content, "multiline"),
  image_url: z.preprocess(blankToUndefined, httpUrl.optional()),
});

const status = z.enum(NEWS_STATUSES, { error: 'Status must be "draft" or "published"' });

const imageAlt = photoAlt("Image alt text", NEWS_LIMITS.imageAlt);

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/** An ISO-8601 instant with a zone ("2025-10-06T09:00:00Z", "…+01:00"), as UTC, or null. */
export function parseIsoInstant(value: string): string | null {
  const match = ISO_INSTANT.exec(value);
  if (!match) return null;
  const [, , month, day, hour, minute, second = "0"] = match.map((part) => part ?? "");
  // Date.parse rolls 30 February over into March; refuse what is not on the calendar.
  const [y, mo] = value.slice(0, 10).split("-").map(Number);
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (Number(month) < 1 || Number(month) > 12 || Number(day) < 1 || Number(day) > daysInMonth) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  const time = Date.parse(value);
  if (Number.isNaN(time) || y < 1970) return null;
  return new Date(time).toISOString();
}

/** The API's article body: the article plus, optionally, its status and publish time. */
export const newsApiSchema = newsArticleSchema.extend({
  status: status.optional(),
  publish_at: z.preprocess(
    blankToUndefined,
    z
      .string({ error: "Publish at must be an ISO-8601 date and time string" })
      .refine(
        (value) => parseIsoInstant(value) !== null,
        "Publish at must be an ISO-8601 date and time with a time zone, e.g. 2025-10-06T09:00:00Z",
      )
      .transform((value) => parseIsoInstant(value)!)
      .optional(),
  ),
  image_alt: imageAlt,
});

/** The admin form: the article, its status and UK publish time, and a photo to upload. */
export const newsArticleFormSchema = newsArticleSchema
  .extend({
    status: z.preprocess((v) => v ?? "published", status),
    publish_at: z.preprocess(
      blankToUndefined,
      z
        .string()
        .refine(
          (value) => fromLondonLocal(value) !== null,
          "Enter a date and time that exists in the UK, e.g. 06/10/2025 09:00",
        )
        .optional(),
    ),
    image_alt: imageAlt,
    image: photoFile,
    remove_image: z.preprocess((v) => v === "on" || v === true, z.boolean()).optional(),
  })
  .superRefine(requirePhotoAlt);

export type NewsArticleFormInput = z.infer<typeof newsArticleFormSchema>;

/** How many articles the RSS feed carries. */
export const RSS_ITEM_LIMIT = 20;

/** Articles per page of /news (four rows of three). */
export const NEWS_PAGE_SIZE = 12;

/** Articles per page of the staff list. */
export const ADMIN_NEWS_PAGE_SIZE = 20;
