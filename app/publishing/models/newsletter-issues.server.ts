import type { Selectable } from "kysely";
import type { NewsletterStatus, NewslettersTable } from "../../../db/schema";
import type { DB } from "~/infra/db.server";
import { deletedAny, updatedAny } from "~/infra/row-count.server";
import { camelRow, snakeRow, type CamelRow } from "~/utils/row-shape";

// Newsletters (the issues staff write and send); subscribers and their consent are in
// app/publishing/models/subscriber.server.ts, the messages in app/mail/models/outbox.server.ts.

export type { NewsletterStatus };

/** A newsletter issue: its row (columns described in db/schema.ts), camelCase. */
export type Newsletter = CamelRow<Selectable<NewslettersTable>>;

const toNewsletter = (row: Selectable<NewslettersTable>): Newsletter => camelRow(row);

/** A draft's text and photo (and, when started from one, its article). */
export type NewsletterDraftInput = Pick<
  Newsletter,
  "subject" | "preheader" | "body" | "imageUpload" | "imageWidths" | "imageAlt"
> & { articleId?: number | null };

/** The columns a draft's text and photo are saved in. */
function draftColumns({ subject, preheader, body, imageUpload, imageWidths, imageAlt }: NewsletterDraftInput) {
  return snakeRow({ subject, preheader, body, imageUpload, imageWidths, imageAlt });
}

export async function createNewsletter(
  db: DB,
  input: NewsletterDraftInput & { createdBy: string },
  now: Date,
): Promise<Newsletter> {
  const at = now.toISOString();
  const row = await db
    .insertInto("newsletters")
    .values({
      ...draftColumns(input),
      article_id: input.articleId ?? null,
      created_by: input.createdBy,
      status: "draft",
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toNewsletter(row);
}

export async function getNewsletter(db: DB, id: number): Promise<Newsletter | undefined> {
  const row = await db.selectFrom("newsletters").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toNewsletter(row);
}

/** Saves a draft's text; a scheduled one stays scheduled. Undefined when it was sent (or is gone). */
export async function updateNewsletterDraft(
  db: DB,
  id: number,
  input: NewsletterDraftInput,
  now: Date,
): Promise<Newsletter | undefined> {
  const row = await db
    .updateTable("newsletters")
    .set({
      ...draftColumns(input),
      ...(input.articleId !== undefined ? { article_id: input.articleId } : {}),
      updated_at: now.toISOString(),
    })
    .where("id", "=", id)
    .where("status", "in", ["draft", "scheduled"])
    .returningAll()
    .executeTakeFirst();
  return row && toNewsletter(row);
}

/** Schedules a draft (or moves a scheduled one), or with null takes it back to a draft. */
export async function setNewsletterSchedule(
  db: DB,
  id: number,
  scheduledAt: string | null,
  now: Date,
): Promise<boolean> {
  return updatedAny(
    db
      .updateTable("newsletters")
      .set({ status: scheduledAt ? "scheduled" : "draft", scheduled_at: scheduledAt, updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("status", "in", ["draft", "scheduled"]),
  );
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
  return updatedAny(
    db
      .updateTable("newsletters")
      .set({ status: "sent", slug: values.slug, recipient_count: values.recipientCount, sent_at: at, updated_at: at })
      .where("id", "=", id)
      .where("status", "in", ["draft", "scheduled"]),
  );
}

export async function deleteNewsletterDraft(db: DB, id: number): Promise<boolean> {
  return deletedAny(db.deleteFrom("newsletters").where("id", "=", id).where("status", "in", ["draft", "scheduled"]));
}

export async function slugTaken(db: DB, slug: string): Promise<boolean> {
  const row = await db.selectFrom("newsletters").select("id").where("slug", "=", slug).executeTakeFirst();
  return row !== undefined;
}

/** Every newsletter for staff: drafts and scheduled first, then sent, newest first. */
export async function listNewsletters(db: DB, limit = 200): Promise<Newsletter[]> {
  const rows = await db
    .selectFrom("newsletters")
    .selectAll()
    .orderBy((eb) => eb.case().when("status", "=", "sent").then(1).else(0).end())
    .orderBy("sent_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toNewsletter);
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

export type PublicNewsletterSummary = Pick<Newsletter, "id" | "slug" | "subject" | "preheader" | "sentAt">;

/** Sent newsletters (the public archive), newest first. */
export async function listSentNewsletters(db: DB, limit = 500): Promise<PublicNewsletterSummary[]> {
  const rows = await db
    .selectFrom("newsletters")
    .select(["id", "slug", "subject", "preheader", "sent_at"])
    .where("status", "=", "sent")
    .orderBy("sent_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    subject: row.subject,
    preheader: row.preheader,
    sentAt: row.sent_at,
  }));
}

export async function getSentNewsletterBySlug(db: DB, slug: string): Promise<Newsletter | undefined> {
  const row = await db
    .selectFrom("newsletters")
    .selectAll()
    .where("slug", "=", slug)
    .where("status", "=", "sent")
    .executeTakeFirst();
  return row && toNewsletter(row);
}

/** A photo uploaded with a news article: the article, its folder key and widths. */
export interface UploadChoice {
  articleId: number;
  title: string;
  imageUpload: string;
  imageWidths: string;
  imageAlt: string | null;
}

function uploadChoices(db: DB) {
  return db
    .selectFrom("news")
    .select(["id", "title", "image_upload", "image_widths", "image_alt"])
    .where("image_upload", "is not", null)
    .where("image_widths", "is not", null);
}

function toUploadChoice(row: {
  id: number;
  title: string;
  image_upload: string | null;
  image_widths: string | null;
  image_alt: string | null;
}): UploadChoice {
  return {
    articleId: row.id,
    title: row.title,
    imageUpload: row.image_upload!,
    imageWidths: row.image_widths!,
    imageAlt: row.image_alt,
  };
}

/** Photos uploaded with news articles (newest first): the images a newsletter may use. */
export async function listNewsUploads(db: DB, limit = 100): Promise<UploadChoice[]> {
  const rows = await uploadChoices(db).orderBy("publish_at", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map(toUploadChoice);
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
  const row = await uploadChoices(db).where("image_upload", "=", key).executeTakeFirst();
  return row && toUploadChoice(row);
}
