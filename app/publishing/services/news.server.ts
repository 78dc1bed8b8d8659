import { now, nowIsoString } from "~/infra/clock.server";
import { dataVersionNow, getDb, notePublicChange } from "~/infra/db.server";
import { logger, type Logger } from "~/infra/logger.server";
import { deleteImage, storeImage } from "~/infra/images.server";
import { pageCache } from "~/infra/page-cache.server";
import { pagesChanged } from "~/site/index.server";
import { ADMIN_NEWS_PAGE_SIZE, NEWS_PAGE_SIZE } from "~/publishing/schemas/news";
import { markdownToText } from "~/infra/markdown.server";
import { listAudit, recordAudit, type AuditEvent } from "~/site/index.server";
import type { User } from "~/staff/index.server";
import { parseRecordId } from "~/utils/record-id";
import {
  countNewsMatching,
  createNews,
  deleteNews,
  getNews,
  listNewsAfter,
  listNewsForSitemap,
  listNewsSummaries,
  nextPublishAfter,
  updateNews,
  type NewsArticle,
  type NewsCursor,
  type NewsInput,
  type NewsSummary,
  type Visibility,
} from "~/publishing/models/news.server";
import { newsletterUsesUpload } from "~/publishing/models/newsletter-issues.server";
import { nextPagePublishAfter } from "~/publishing/models/site-pages.server";
import { indexArticle, unindexArticle } from "./search.server";

/**
 * News use cases. Visitors (and unauthenticated API calls) see only published articles whose
 * publish time has come, by the clock in app/infra/clock.server.ts; staff see every article.
 *
 * Every write that commits clears the rendered-page cache of this process, since public pages
 * list the articles; other processes notice the write through SQLite's data_version
 * (app/entry.server.tsx). An article that becomes due writes nothing, so cached pages are also
 * bounded by the next publish time (nextScheduledPublish).
 */

export interface Viewer {
  /** A signed-in staff member (web session or API token). */
  staff: boolean;
}

function visibilityFor({ staff }: Viewer): Visibility {
  return staff ? {} : { visibleAt: nowIsoString() };
}

/** Where an article stands for someone who can see everything. */
export type PublishState = "draft" | "scheduled" | "published";

export function publishState(article: { status: string; publishAt: string }, at = nowIsoString()): PublishState {
  if (article.status === "draft") return "draft";
  return article.publishAt > at ? "scheduled" : "published";
}

/** Summaries carry their text without Markdown: cards and lists show a plain preview. */
function plain(rows: NewsSummary[]): NewsSummary[] {
  return rows.map((row) => ({ ...row, content: markdownToText(row.content) }));
}

/** One page of the news list, or null when the page does not exist (past the last). */
export async function newsListPage(
  page: number,
  viewer: Viewer,
): Promise<{ articles: NewsSummary[]; hasNext: boolean } | null> {
  // One extra row says whether a next page exists, without counting every article.
  const rows = await listNewsSummaries(getDb(), {
    ...visibilityFor(viewer),
    limit: NEWS_PAGE_SIZE + 1,
    offset: (page - 1) * NEWS_PAGE_SIZE,
  });
  if (page > 1 && rows.length === 0) return null;
  return { articles: plain(rows.slice(0, NEWS_PAGE_SIZE)), hasNext: rows.length > NEWS_PAGE_SIZE };
}

/** The staff list: every article, a page at a time, optionally only titles containing `search`. */
export async function staffNewsList({ page, search }: { page: number; search: string }) {
  const filter = search ? { titleContains: search } : {};
  const total = await countNewsMatching(getDb(), filter);
  const totalPages = Math.max(1, Math.ceil(total / ADMIN_NEWS_PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const articles = await listNewsSummaries(getDb(), {
    ...filter,
    limit: ADMIN_NEWS_PAGE_SIZE,
    offset: (current - 1) * ADMIN_NEWS_PAGE_SIZE,
  });
  return { articles: plain(articles), page: current, totalPages, total };
}

/** The newest few articles (home page): the public ones, or every one for staff. */
export async function recentNews(limit: number, viewer: Viewer): Promise<NewsSummary[]> {
  return plain(await listNewsSummaries(getDb(), { ...visibilityFor(viewer), limit }));
}

export async function findArticle(id: number, viewer: Viewer): Promise<NewsArticle | undefined> {
  return getNews(getDb(), id, visibilityFor(viewer));
}

/** The article a staff URL's id segment names, in any state; undefined for a malformed or unknown id. */
export async function findArticleByParam(param: string | undefined): Promise<NewsArticle | undefined> {
  const id = parseRecordId(param);
  return id === null ? undefined : findArticle(id, { staff: true });
}

/** Whole articles for the RSS feed, newest first. */
export async function feedArticles(limit: number): Promise<NewsArticle[]> {
  return listNewsAfter(getDb(), { ...visibilityFor({ staff: false }), limit });
}

export async function sitemapArticles(): Promise<Pick<NewsArticle, "id" | "updatedAt">[]> {
  return listNewsForSitemap(getDb(), visibilityFor({ staff: false }));
}

/** A page of whole articles for the API, newest first, after `cursor`. */
export async function articlesAfter(
  viewer: Viewer,
  options: { limit: number; cursor?: NewsCursor },
): Promise<NewsArticle[]> {
  return listNewsAfter(getDb(), { ...visibilityFor(viewer), ...options });
}

/**
 * A render can start before an article becomes due and finish after: looking back this far
 * makes such a just-passed publish time bound the cache too (it then expires at once).
 */
const RENDER_MARGIN_MS = 10_000;

/**
 * An anonymous API answer (GET /api/news) kept in the page cache under `key`, with the pages'
 * invalidation: a news write in this process drops it (pagesChanged), another instance's write moves the data
 * version, and it ends at the next scheduled article's time. The answer is the same bytes and
 * headers for every anonymous caller (its own Cache-Control, no-store, is kept: docs/api.md).
 */
export async function cachedPublicAnswer(
  key: string,
  build: () => Promise<{ body: Buffer<ArrayBuffer>; headers: [string, string][] }>,
): Promise<{ body: Buffer<ArrayBuffer>; headers: [string, string][] }> {
  const claim = pageCache.claim(key, await dataVersionNow());
  if (claim.page) return { body: claim.page.body, headers: claim.page.headers };
  const answer = await build();
  const expiresAt = await nextScheduledPublish();
  pageCache.set(claim.key, { ...answer, leafData: null, dataVersion: claim.dataVersion, expiresAt }, claim);
  return answer;
}

/** When the next scheduled article or page goes public (ms since the epoch), or null when none is due. */
export async function nextScheduledPublish(): Promise<number | null> {
  const after = new Date(now() - RENDER_MARGIN_MS).toISOString();
  // A scheduled article, or a scheduled page (site editor, docs/site-editor.md): whichever comes first.
  const times = [await nextPublishAfter(getDb(), after), await nextPagePublishAfter(getDb(), after)]
    .filter((time): time is string => time !== null)
    .sort();
  return times.length ? Date.parse(times[0]) : null;
}

/**
 * A photo to store with an article, or a request to remove the one it has; and the caller's
 * request logger (requestLogger(request, route, { user_id })), so the log says who changed
 * what, in which request.
 */
export interface PhotoChange {
  photo?: File;
  removePhoto?: boolean;
  log?: Logger;
  /** The person making the change: recorded in the article's history (audit_events). */
  actor?: Pick<User, "id" | "username">;
}

/** An article's history (who created, changed, deleted it), oldest first. */
export async function articleHistory(id: number): Promise<AuditEvent[]> {
  return listAudit(getDb(), "news", id);
}

async function storePhoto(photo: File | undefined) {
  return photo ? storeImage(new Uint8Array(await photo.arrayBuffer())) : undefined;
}

/**
 * Creates an article: published now unless the input says draft or a later time. A photo is
 * stored first; `ImageRejected` (a message for the form) is thrown when it is not one we take.
 */
export async function publishArticle(
  input: NewsInput,
  { photo, log = logger, actor }: PhotoChange = {},
): Promise<NewsArticle> {
  const stored = await storePhoto(photo);
  try {
    const article = await getDb()
      .transaction()
      .execute(async (trx) => {
        const created = await createNews(trx, {
          ...input,
          publishAt: input.publishAt ?? nowIsoString(),
          ...(stored ? { imageUpload: stored } : {}),
        });
        await notePublicChange(trx);
        // Site search changes with the article, in its transaction (docs/search.md).
        await indexArticle(trx, created);
        if (actor) {
          await recordAudit(trx, {
            entity: "news",
            entityId: created.id,
            action: "news.created",
            detail: created.status === "draft" ? "Saved as a draft" : null,
            actor: actor.username,
            actorId: actor.id,
          });
        }
        return created;
      });
    pagesChanged("news");
    log.info({ event: "news.created", news_id: article.id }, "News article saved");
    return article;
  } catch (error) {
    if (stored) await deleteImage(stored.key);
    throw error;
  }
}

/**
 * The updated article, or undefined when there is no article with that id. A draft that is
 * published without a later time goes out now, not at the time it was drafted.
 */
export async function reviseArticle(
  id: number,
  input: NewsInput,
  { photo, removePhoto = false, log = logger, actor }: PhotoChange = {},
): Promise<NewsArticle | undefined> {
  const current = await getNews(getDb(), id);
  if (!current) return undefined;
  const change: NewsInput = { ...input };
  const at = nowIsoString();
  if (current.status === "draft" && input.status === "published" && (!input.publishAt || input.publishAt <= at)) {
    change.publishAt = at;
  }
  const stored = await storePhoto(photo);
  if (stored) change.imageUpload = stored;
  else if (removePhoto) change.imageUpload = null;
  let article: NewsArticle | undefined;
  try {
    article = await getDb()
      .transaction()
      .execute(async (trx) => {
        const updated = await updateNews(trx, id, change);
        if (updated) {
          await notePublicChange(trx);
          await indexArticle(trx, updated);
        }
        if (updated && actor) {
          await recordAudit(trx, {
            entity: "news",
            entityId: id,
            action: "news.updated",
            detail: updated.status === current.status ? null : `Now ${updated.status}`,
            actor: actor.username,
            actorId: actor.id,
          });
        }
        return updated;
      });
  } catch (error) {
    if (stored) await deleteImage(stored.key);
    throw error;
  }
  if (!article) {
    if (stored) await deleteImage(stored.key);
    return undefined;
  }
  pagesChanged("news");
  log.info({ event: "news.updated", news_id: id }, "News article updated");
  if (current.imageUpload && change.imageUpload !== undefined && current.imageUpload !== article.imageUpload) {
    await deleteUnlessInNewsletter(current.imageUpload);
  }
  return article;
}

/** An article's old photo goes, unless a newsletter shows it (its web version and sent mail still do). */
async function deleteUnlessInNewsletter(key: string): Promise<void> {
  if (!(await newsletterUsesUpload(getDb(), key))) await deleteImage(key);
}

/** Whether an article was deleted; its uploaded photo goes with it (unless a newsletter uses it). */
export async function removeArticle(
  id: number,
  log: Logger = logger,
  actor?: Pick<User, "id" | "username">,
): Promise<boolean> {
  const deleted = await getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await deleteNews(trx, id);
      if (row) {
        await notePublicChange(trx);
        await unindexArticle(trx, id);
      }
      if (row && actor) {
        await recordAudit(trx, {
          entity: "news",
          entityId: id,
          action: "news.deleted",
          detail: row.title.slice(0, 200),
          actor: actor.username,
          actorId: actor.id,
        });
      }
      return row;
    });
  if (!deleted) return false;
  pagesChanged("news");
  log.info({ event: "news.deleted", news_id: id }, "News article deleted");
  if (deleted.imageUpload) await deleteUnlessInNewsletter(deleted.imageUpload);
  return true;
}
