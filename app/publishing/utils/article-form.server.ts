import { parseWithZod } from "@conform-to/zod/v4";
import { PHOTO_FORM_LIMITS } from "~/schemas/photo-fields";
import { newsArticleFormSchema, type NewsArticleFormInput } from "~/publishing/schemas/news";
import { fromLondonLocal } from "~/utils/dates";

/** The article form's body limits: those of every form with a photo. */
export const ARTICLE_FORM_LIMITS = PHOTO_FORM_LIMITS;

/**
 * Validates the admin article form. Browsers submit a textarea's line breaks as CRLF when they
 * post the form themselves (no JavaScript) and as LF through fetch; store one form (LF) so an
 * article reads and counts the same whichever way it was written.
 */
export function parseArticleForm(formData: FormData) {
  const content = formData.getAll("content");
  if (content.length === 1 && typeof content[0] === "string") {
    formData.set("content", content[0].replace(/\r\n?/g, "\n"));
  }
  return parseWithZod(formData, { schema: newsArticleFormSchema });
}

/** The article fields of a valid form; the UK publish time becomes a UTC instant. */
export function articleInputFromForm(value: NewsArticleFormInput) {
  return {
    title: value.title,
    content: value.content,
    imageUrl: value.image_url ?? null,
    imageAlt: value.image_alt ?? null,
    status: value.status,
    ...(value.publish_at ? { publishAt: fromLondonLocal(value.publish_at)! } : {}),
  };
}
