import { parseWithZod } from "@conform-to/zod/v4";
import { newsArticleSchema } from "~/schemas/news";

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
  return parseWithZod(formData, { schema: newsArticleSchema });
}
