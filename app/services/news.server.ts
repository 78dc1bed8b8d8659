import { getDb } from "~/infra/db.server";
import { pageCache } from "~/infra/page-cache.server";
import { createNews, deleteNews, updateNews, type NewsArticle, type NewsInput } from "~/models/news.server";

/**
 * News writes, as the admin and the API make them. Every write that commits clears the
 * rendered-page cache of this process, since public pages list the articles; other
 * processes notice the write through SQLite's data_version (app/entry.server.tsx).
 */
export async function publishArticle(input: NewsInput): Promise<NewsArticle> {
  const article = await createNews(getDb(), input);
  pageCache.clear();
  return article;
}

/** The updated article, or undefined when there is no article with that id. */
export async function reviseArticle(id: number, input: NewsInput): Promise<NewsArticle | undefined> {
  const article = await updateNews(getDb(), id, input);
  if (article) pageCache.clear();
  return article;
}

/** Whether an article was deleted. */
export async function removeArticle(id: number): Promise<boolean> {
  const deleted = await deleteNews(getDb(), id);
  if (deleted) pageCache.clear();
  return deleted;
}
