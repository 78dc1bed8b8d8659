import { nowIsoString } from "~/infra/clock.server";
import type { Selectable, SelectQueryBuilder } from "kysely";
import { sql } from "kysely";
import type { Database, NewsStatus, NewsTable } from "../../../db/schema";
import type { DB } from "~/infra/db.server";
import { camelRow } from "~/utils/row-shape";

/** An article as the app sees it (camelCase; the table's columns are mapped in toArticle only). */
export interface NewsArticle {
  id: number;
  title: string;
  content: string;
  imageUrl: string | null;
  /** Folder of an uploaded photo under UPLOADS_DIR, and the widths stored there ("480,960"). */
  imageUpload: string | null;
  imageWidths: string | null;
  imageAlt: string | null;
  status: NewsStatus;
  /** When it goes (or went) public; a draft keeps its intended time. */
  publishAt: string;
  createdAt: string;
  updatedAt: string;
}
export type { NewsStatus };

/** What a card or list row shows: the content cut in SQL, never the whole text. */
export type NewsSummary = Omit<NewsArticle, "updatedAt">;

/** The one mapping of the news table's columns (a summary is a row without updated_at). */
const toSummary = (row: Omit<Selectable<NewsTable>, "updated_at">): NewsSummary => camelRow(row);
const toArticle = (row: Selectable<NewsTable>): NewsArticle => camelRow(row);

/** An uploaded photo: its folder under UPLOADS_DIR and the widths stored there. */
export interface StoredUpload {
  key: string;
  widths: number[];
}

export interface NewsInput {
  title: string;
  content: string;
  imageUrl?: string | null;
  /** Published unless said otherwise; on update, left as it is when not given. */
  status?: NewsStatus;
  /** ISO-8601 UTC; "now" on create when not given, left as it is on update. */
  publishAt?: string;
  imageAlt?: string | null;
  /** On update: undefined keeps the current photo, null removes it. */
  imageUpload?: StoredUpload | null;
}

/**
 * Which articles a list may show: `visibleAt` (ISO) limits it to published articles whose
 * time has come, as visitors see them; without it (staff) every article is listed.
 */
export interface Visibility {
  visibleAt?: string;
}

/**
 * How much of the text a summary carries. Previews are at most 200 characters after runs of
 * whitespace are flattened; this leaves room for those runs.
 */
export const SUMMARY_CHARS = 1_000;

function visible<O>(
  query: SelectQueryBuilder<Database, "news", O>,
  { visibleAt }: Visibility,
): SelectQueryBuilder<Database, "news", O> {
  if (visibleAt === undefined) return query;
  return query.where("status", "=", "published").where("publish_at", "<=", visibleAt);
}

function summaries(db: DB) {
  return db
    .selectFrom("news")
    .select((eb) => [
      "id",
      "title",
      // substr is standard enough: SQLite and PostgreSQL both have it.
      eb.fn<string>("substr", ["content", eb.val(1), eb.val(SUMMARY_CHARS)]).as("content"),
      "image_url",
      "image_upload",
      "image_widths",
      "image_alt",
      "status",
      "publish_at",
      "created_at",
    ])
    .orderBy("publish_at", "desc")
    .orderBy("id", "desc");
}

/** Newest first by publish time, a page at a time. */
export async function listNewsSummaries(
  db: DB,
  options: Visibility & { limit: number; offset?: number; titleContains?: string },
): Promise<NewsSummary[]> {
  let query = visible(summaries(db), options);
  if (options.titleContains) query = query.where(titleMatches(options.titleContains));
  const rows = await query
    .limit(options.limit)
    .offset(options.offset ?? 0)
    .execute();
  return rows.map(toSummary);
}

function titleMatches(text: string) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Case-insensitive in both SQLite and PostgreSQL; the escape clause makes % and _ literal.
  return sql<boolean>`lower(title) like ${pattern} escape '\\'`;
}

export async function countNewsMatching(
  db: DB,
  options: Visibility & { titleContains?: string } = {},
): Promise<number> {
  let query = visible(
    db.selectFrom("news").select((eb) => eb.fn.countAll<number>().as("n")),
    options,
  );
  if (options.titleContains) query = query.where(titleMatches(options.titleContains));
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A position in the newest-first order, for keyset paging (the API's cursor). */
export interface NewsCursor {
  publishAt: string;
  id: number;
}

/** Whole articles, newest first, after `cursor`: the cost does not grow with how deep the page is. */
export async function listNewsAfter(
  db: DB,
  options: Visibility & { limit: number; cursor?: NewsCursor },
): Promise<NewsArticle[]> {
  let query = visible(db.selectFrom("news").selectAll().orderBy("publish_at", "desc").orderBy("id", "desc"), options);
  const { cursor } = options;
  if (cursor) {
    query = query.where((eb) =>
      eb.or([
        eb("publish_at", "<", cursor.publishAt),
        eb.and([eb("publish_at", "=", cursor.publishAt), eb("id", "<", cursor.id)]),
      ]),
    );
  }
  return (await query.limit(options.limit).execute()).map(toArticle);
}

/** Every visible article's address and last change, for the sitemap. */
export async function listNewsForSitemap(
  db: DB,
  options: Visibility,
): Promise<Pick<NewsArticle, "id" | "updatedAt">[]> {
  const rows = await visible(
    db.selectFrom("news").select(["id", "updated_at"]).orderBy("publish_at", "desc").orderBy("id", "desc"),
    options,
  ).execute();
  return rows.map((row) => ({ id: row.id, updatedAt: row.updated_at }));
}

/** The earliest publish time of a published article after `after` (ISO), or null. */
export async function nextPublishAfter(db: DB, after: string): Promise<string | null> {
  const row = await db
    .selectFrom("news")
    .select("publish_at")
    .where("status", "=", "published")
    .where("publish_at", ">", after)
    .orderBy("publish_at", "asc")
    .limit(1)
    .executeTakeFirst();
  return row?.publish_at ?? null;
}

/** Whole rows, newest first; for scripts and tests (pages read summaries). */
export async function listNews(db: DB, options: { limit?: number } = {}): Promise<NewsArticle[]> {
  let query = db.selectFrom("news").selectAll().orderBy("publish_at", "desc").orderBy("id", "desc");
  if (options.limit !== undefined) query = query.limit(options.limit);
  return (await query.execute()).map(toArticle);
}

export async function getNews(db: DB, id: number, options: Visibility = {}): Promise<NewsArticle | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const row = await visible(db.selectFrom("news").selectAll().where("id", "=", id), options).executeTakeFirst();
  return row && toArticle(row);
}

export async function countNews(db: DB): Promise<number> {
  return countNewsMatching(db);
}

/** The columns every save writes from the form or API body. */
function textColumns(input: NewsInput) {
  return { title: input.title, content: input.content, image_url: input.imageUrl || null };
}

function uploadColumns(upload: StoredUpload | null | undefined) {
  if (upload === undefined) return {};
  return { image_upload: upload?.key ?? null, image_widths: upload ? upload.widths.join(",") : null };
}

export async function createNews(db: DB, input: NewsInput): Promise<NewsArticle> {
  const now = nowIsoString();
  const row = await db
    .insertInto("news")
    .values({
      ...textColumns(input),
      image_alt: input.imageAlt || null,
      ...uploadColumns(input.imageUpload ?? null),
      status: input.status ?? "published",
      publish_at: input.publishAt ?? now,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toArticle(row);
}

/** Returns the updated article, or undefined when there is no article with that id. */
export async function updateNews(db: DB, id: number, input: NewsInput): Promise<NewsArticle | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const row = await db
    .updateTable("news")
    .set({
      ...textColumns(input),
      ...(input.imageAlt !== undefined ? { image_alt: input.imageAlt || null } : {}),
      ...uploadColumns(input.imageUpload),
      ...(input.status ? { status: input.status } : {}),
      ...(input.publishAt ? { publish_at: input.publishAt } : {}),
      updated_at: nowIsoString(),
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return row && toArticle(row);
}

/** Returns the deleted article (its upload's files are the caller's to remove), or undefined. */
export async function deleteNews(db: DB, id: number): Promise<NewsArticle | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const row = await db.deleteFrom("news").where("id", "=", id).returningAll().executeTakeFirst();
  return row && toArticle(row);
}
