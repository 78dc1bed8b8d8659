import { safeHttpUrl } from "~/utils/safe-url";
import { z } from "./zod";

// Shared by the admin form (Conform) and the JSON API: the server is always the authority.
export const NEWS_LIMITS = { title: 200, content: 50_000, imageUrl: 2_048 } as const;

const httpUrl = z
  .string()
  .trim()
  .max(NEWS_LIMITS.imageUrl, `Image URL must be at most ${NEWS_LIMITS.imageUrl} characters`)
  .refine((value) => safeHttpUrl(value) !== null, "Image URL must be a valid http(s) URL");

export const newsArticleSchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(NEWS_LIMITS.title, `Title must be at most ${NEWS_LIMITS.title} characters`),
  content: z
    .string({ error: "Content is required" })
    .trim()
    .min(1, "Content is required")
    .max(NEWS_LIMITS.content, `Content must be at most ${NEWS_LIMITS.content} characters`),
  // Conform sends an empty field as undefined; the API may send null or "". A field holding
  // only spaces is empty too, not an invalid URL.
  image_url: z.preprocess(
    (v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v),
    httpUrl.optional(),
  ),
});

export type NewsArticleInput = z.infer<typeof newsArticleSchema>;
