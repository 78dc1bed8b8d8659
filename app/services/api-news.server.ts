import type { NewsArticle, NewsInput } from "~/models/news.server";
import { newsArticleSchema } from "~/schemas/news";
import { apiError, readJsonBody, summariseIssues, zodIssues } from "~/infra/api.server";

export interface ApiArticle {
  id: number;
  title: string;
  content: string;
  image_url: string | null;
  created_at: string;
  updated_at: string;
}

/** The article exactly as docs/api.md#articles describes it: these fields and no others. */
export function toApiArticle(article: NewsArticle): ApiArticle {
  return {
    id: article.id,
    title: article.title,
    content: article.content,
    image_url: article.image_url ?? null,
    created_at: article.created_at,
    updated_at: article.updated_at,
  };
}

export const articleNotFound = () => apiError(404, "Article not found");

/** Reads and validates an article body (unknown fields ignored), or throws 400/413/415. */
export async function readArticleInput(request: Request): Promise<NewsInput> {
  const body = await readJsonBody(request);
  const result = newsArticleSchema.safeParse(body);
  if (!result.success) {
    const issues = zodIssues(result.error, body);
    throw apiError(400, summariseIssues(issues), { issues });
  }
  const { title, content, image_url } = result.data;
  return { title, content, image_url: image_url ?? null };
}
