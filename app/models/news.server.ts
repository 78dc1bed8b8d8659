import type { Selectable } from "kysely";
import type { NewsTable } from "../../db/schema";
import type { DB } from "~/infra/db.server";
import { nowIso } from "~/utils/dates";

export type NewsArticle = Selectable<NewsTable>;

export interface NewsInput {
  title: string;
  content: string;
  image_url?: string | null;
}

/** Newest first; `limit` for the home page's Recent Activities. */
export async function listNews(db: DB, options: { limit?: number } = {}): Promise<NewsArticle[]> {
  let query = db.selectFrom("news").selectAll().orderBy("created_at", "desc").orderBy("id", "desc");
  if (options.limit !== undefined) query = query.limit(options.limit);
  return query.execute();
}

export async function getNews(db: DB, id: number): Promise<NewsArticle | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  return db.selectFrom("news").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function countNews(db: DB): Promise<number> {
  const row = await db
    .selectFrom("news")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function createNews(db: DB, input: NewsInput): Promise<NewsArticle> {
  const now = nowIso();
  const article = await db
    .insertInto("news")
    .values({
      title: input.title,
      content: input.content,
      image_url: input.image_url || null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return article;
}

/** Returns the updated article, or undefined when there is no article with that id. */
export async function updateNews(db: DB, id: number, input: NewsInput): Promise<NewsArticle | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const article = await db
    .updateTable("news")
    .set({ title: input.title, content: input.content, image_url: input.image_url || null, updated_at: nowIso() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  return article;
}

/** Returns whether an article was deleted. */
export async function deleteNews(db: DB, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id < 1) return false;
  const result = await db.deleteFrom("news").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
