import type { Selectable } from "kysely";
import type { NewsletterStatus, NewslettersTable } from "../../db/schema";
import type { DB } from "~/infra/db.server";

// Newsletters (the issues staff write and send); subscribers and their consent are in
// app/models/newsletter.server.ts, the messages in app/models/outbox.server.ts.

export type { NewsletterStatus };
export type Newsletter = Selectable<NewslettersTable>;

export interface NewsletterDraftInput {
  subject: string;
  preheader: string | null;
  body: string;
  image_upload: string | null;
  image_widths: string | null;
  image_alt: string | null;
  article_id?: number | null;
}

export async function createNewsletter(
  db: DB,
  input: NewsletterDraftInput & { created_by: string },
  now: Date,
): Promise<Newsletter> {
  const at = now.toISOString();
  return db
    .insertInto("newsletters")
    .values({ ...input, article_id: input.article_id ?? null, status: "draft", created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function getNewsletter(db: DB, id: number): Promise<Newsletter | undefined> {
  return db.selectFrom("newsletters").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Saves a draft's text; a scheduled one stays scheduled. Undefined when it was sent (or is gone). */
export async function updateNewsletterDraft(
  db: DB,
  id: number,
  input: NewsletterDraftInput,
  now: Date,
): Promise<Newsletter | undefined> {
  return db
    .updateTable("newsletters")
    .set({ ...input, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "in", ["draft", "scheduled"])
    .returningAll()
    .executeTakeFirst();
}

/** Schedules a draft (or moves a scheduled one), or with null takes it back to a draft. */
export async function setNewsletterSchedule(
  db: DB,
  id: number,
  scheduledAt: string | null,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("newsletters")
    .set({ status: scheduledAt ? "scheduled" : "draft", scheduled_at: scheduledAt, updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("status", "in", ["draft", "scheduled"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The one transition to `sent`: true for the caller that made it, false for every other (a
 * second press, a second instance's scheduler, a retry after a crash that already committed).
 */
export async function markNewsletterSent(
  db: DB,
  id: number,
  values: { slug: string; recipientCount: number },
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable("newsletters")
    .set({ status: "sent", slug: values.slug, recipient_count: values.recipientCount, sent_at: at, updated_at: at })
    .where("id", "=", id)
    .where("status", "in", ["draft", "scheduled"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteNewsletterDraft(db: DB, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("newsletters")
    .where("id", "=", id)
    .where("status", "in", ["draft", "scheduled"])
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function slugTaken(db: DB, slug: string): Promise<boolean> {
  const row = await db.selectFrom("newsletters").select("id").where("slug", "=", slug).executeTakeFirst();
  return row !== undefined;
}

/** Every newsletter for staff: drafts and scheduled first, then sent, newest first. */
export async function listNewsletters(db: DB, limit = 200): Promise<Newsletter[]> {
  return db
    .selectFrom("newsletters")
    .selectAll()
    .orderBy((eb) => eb.case().when("status", "=", "sent").then(1).else(0).end())
    .orderBy("sent_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** Scheduled newsletters whose time has come, oldest first. */
export async function listDueNewsletters(db: DB, now: Date): Promise<Pick<Newsletter, "id">[]> {
  return db
    .selectFrom("newsletters")
    .select("id")
    .where("status", "=", "scheduled")
    .where("scheduled_at", "<=", now.toISOString())
    .orderBy("scheduled_at")
    .orderBy("id")
    .execute();
}

export type PublicNewsletterSummary = Pick<Newsletter, "id" | "slug" | "subject" | "preheader" | "sent_at">;

/** Sent newsletters (the public archive), newest first. */
export async function listSentNewsletters(db: DB, limit = 500): Promise<PublicNewsletterSummary[]> {
  return db
    .selectFrom("newsletters")
    .select(["id", "slug", "subject", "preheader", "sent_at"])
    .where("status", "=", "sent")
    .orderBy("sent_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function getSentNewsletterBySlug(db: DB, slug: string): Promise<Newsletter | undefined> {
  return db
    .selectFrom("newsletters")
    .selectAll()
    .where("slug", "=", slug)
    .where("status", "=", "sent")
    .executeTakeFirst();
}

export interface UploadChoice {
  article_id: number;
  title: string;
  image_upload: string;
  image_widths: string;
  image_alt: string | null;
}

/** Photos uploaded with news articles (newest first): the images a newsletter may use. */
export async function listNewsUploads(db: DB, limit = 100): Promise<UploadChoice[]> {
  const rows = await db
    .selectFrom("news")
    .select(["id", "title", "image_upload", "image_widths", "image_alt"])
    .where("image_upload", "is not", null)
    .where("image_widths", "is not", null)
    .orderBy("publish_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    article_id: row.id,
    title: row.title,
    image_upload: row.image_upload!,
    image_widths: row.image_widths!,
    image_alt: row.image_alt,
  }));
}

/** Published articles (whose time has come), newest first: what a newsletter can start from. */
export async function listPublishedArticles(db: DB, at: Date, limit = 50): Promise<{ id: number; title: string }[]> {
  return db
    .selectFrom("news")
    .select(["id", "title"])
    .where("status", "=", "published")
    .where("publish_at", "<=", at.toISOString())
    .orderBy("publish_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** Whether an upload is still in use by a newsletter (so deleting its article must keep the files). */
export async function newsletterUsesUpload(db: DB, key: string): Promise<boolean> {
  const row = await db.selectFrom("newsletters").select("id").where("image_upload", "=", key).executeTakeFirst();
  return row !== undefined;
}

/** A photo uploaded with a news article, by its folder key. */
export async function getNewsUpload(db: DB, key: string): Promise<UploadChoice | undefined> {
  const row = await db
    .selectFrom("news")
    .select(["id", "title", "image_upload", "image_widths", "image_alt"])
    .where("image_upload", "=", key)
    .where("image_widths", "is not", null)
    .executeTakeFirst();
  return row
    ? {
        article_id: row.id,
        title: row.title,
        image_upload: row.image_upload!,
        image_widths: row.image_widths!,
        image_alt: row.image_alt,
      }
    : undefined;
}
