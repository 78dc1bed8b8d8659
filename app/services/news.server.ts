import { getDb } from "~/infra/db.server";
import { logger, type Logger } from "~/infra/logger.server";
import { pageCache } from "~/infra/page-cache.server";
import { createNews, deleteNews, updateNews, type NewsArticle, type NewsInput } from "~/models/news.server";

/**
 * News writes, as the admin and the API make them. Every write that commits clears the
 * rendered-page cache of this process, since public pages list the articles; other
 * processes notice the write through SQLite's data_version (app/entry.server.tsx).
 * Callers pass their request logger (requestLogger(request, route, { user_id })) so the log
 * says who changed what, in which request.
 */
export async function publishArticle(input: NewsInput, log: Logger = logger): Promise<NewsArticle> {
  const article = await createNews(getDb(), input);
  pageCache.clear();
  log.info({ event: "news.created", news_id: article.id }, "News article published");
  return article;
}

/** The updated article, or undefined when there is no article with that id. */
export async function reviseArticle(
  id: number,
  input: NewsInput,
  log: Logger = logger,
): Promise<NewsArticle | undefined> {
  const article = await updateNews(getDb(), id, input);
  if (article) {
    pageCache.clear();
    log.info({ event: "news.updated", news_id: id }, "News article updated");
  }
  return article;
}

/** Whether an article was deleted. */
export async function removeArticle(id: number, log: Logger = logger): Promise<boolean> {
  const deleted = await deleteNews(getDb(), id);
  if (deleted) {
    pageCache.clear();
    log.info({ event: "news.deleted", news_id: id }, "News article deleted");
  }
  return deleted;
}
