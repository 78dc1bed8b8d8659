import type { Selectable } from "kysely";
import type { SitePageRevisionsTable } from "../../../db/schema";
import type { DB } from "~/infra/db.server";
import type { PageDocument } from "~/publishing/schemas/site-pages";

// The revisions of the charity's own content (db/migrations/0043_site_pages.ts, 0050): the only
// SQL of the site editor. A page's key is its own ("about"); a project's or a publication's is
// `project:<id>` / `publication:<id>` (contentKey). A revision with a publish time at or before
// now is published; the newest such is the live one. A project's or publication's publish at a
// later time waits with `apply_pending` until it is copied into its row (dueRevisions, markApplied).

export type RevisionKind = "original" | "draft" | "submitted" | "published" | "restored";

export interface PageRevision {
  id: number;
  pageKey: string;
  document: PageDocument;
  createdAt: string;
  createdBy: string;
  createdById: number | null;
  kind: RevisionKind;
  publishAt: string | null;
  publishedBy: string | null;
  note: string | null;
}

function toRevision(row: Selectable<SitePageRevisionsTable>): PageRevision {
  const parsed = JSON.parse(row.document) as Partial<PageDocument>;
  return {
    id: row.id,
    pageKey: row.page_key,
    document: { fields: parsed.fields ?? {}, lists: parsed.lists ?? {} },
    createdAt: row.created_at,
    createdBy: row.created_by,
    createdById: row.created_by_id,
    kind: row.kind as RevisionKind,
    publishAt: row.publish_at,
    publishedBy: row.published_by,
    note: row.note,
  };
}

/** A revision to write: everything but its id, the note optional; `applyPending` for a row's scheduled publish. */
export type NewRevision = Omit<PageRevision, "id" | "note"> & { note?: string | null; applyPending?: boolean };

export async function insertRevision(db: DB, input: NewRevision): Promise<PageRevision> {
  const row = await db
    .insertInto("site_page_revisions")
    .values({
      page_key: input.pageKey,
      document: JSON.stringify(input.document),
      created_at: input.createdAt,
      created_by: input.createdBy,
      created_by_id: input.createdById,
      kind: input.kind,
      publish_at: input.publishAt,
      published_by: input.publishedBy,
      note: input.note ?? null,
      apply_pending: input.applyPending ? 1 : 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRevision(row);
}

/** Every revision, each row whole. */
const revisionRows = (db: DB) => db.selectFrom("site_page_revisions").selectAll();

/** The revisions published by `at` (their time has come), newest publish first, then newest saved. */
const publishedBy = (db: DB, at: string) =>
  revisionRows(db).where("publish_at", "is not", null).where("publish_at", "<=", at);

/** The first row of each page among `rows` (ordered by page, then the order that puts the wanted one first). */
function firstOfEachPage(rows: Selectable<SitePageRevisionsTable>[]): PageRevision[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.page_key) && seen.add(row.page_key)).map(toRevision);
}

/** The page's live revision at `at`: the newest published one whose time has come. */
export async function liveRevision(db: DB, pageKey: string, at: string): Promise<PageRevision | undefined> {
  const row = await publishedBy(db, at)
    .where("page_key", "=", pageKey)
    .orderBy("publish_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && toRevision(row);
}

/** Every page's live revision at `at` (pages never saved have none). */
export async function liveRevisions(db: DB, at: string): Promise<PageRevision[]> {
  return firstOfEachPage(
    await publishedBy(db, at).orderBy("page_key").orderBy("publish_at", "desc").orderBy("id", "desc").execute(),
  );
}

/** The page's revisions, newest first. */
export async function listRevisions(db: DB, pageKey: string): Promise<PageRevision[]> {
  const rows = await revisionRows(db).where("page_key", "=", pageKey).orderBy("id", "desc").execute();
  return rows.map(toRevision);
}

/** The newest revision of each page (for the list: who saved last, and when). */
export async function latestRevisions(db: DB): Promise<PageRevision[]> {
  return firstOfEachPage(await revisionRows(db).orderBy("page_key").orderBy("id", "desc").execute());
}

export async function getRevision(db: DB, pageKey: string, id: number): Promise<PageRevision | undefined> {
  const row = await revisionRows(db).where("page_key", "=", pageKey).where("id", "=", id).executeTakeFirst();
  return row && toRevision(row);
}

/** How many revisions `pageKey` has; with `upTo`, how many up to and including that one (its version number). */
export async function countRevisions(db: DB, pageKey: string, upTo?: number): Promise<number> {
  let query = db
    .selectFrom("site_page_revisions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("page_key", "=", pageKey);
  if (upTo !== undefined) query = query.where("id", "<=", upTo);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Publishes still to come of `pageKey` (after `at`) are cancelled: a later publish replaces them. */
export async function cancelScheduled(db: DB, pageKey: string, at: string): Promise<number> {
  const result = await db
    .updateTable("site_page_revisions")
    .set({ publish_at: null, apply_pending: 0, note: "Scheduled publish replaced by a later one" })
    .where("page_key", "=", pageKey)
    .where("publish_at", ">", at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The first page publish after `at` (ISO), or null. */
export async function nextPagePublishAfter(db: DB, at: string): Promise<string | null> {
  const row = await db
    .selectFrom("site_page_revisions")
    .select("publish_at")
    .where("publish_at", ">", at)
    .orderBy("publish_at")
    .limit(1)
    .executeTakeFirst();
  return row?.publish_at ?? null;
}

/** The newest publish of a site page (not a project's or publication's) at or before `at` (ISO), or null: what the live pages reflect (site search's mark). */
export async function lastPagePublishAtOrBefore(db: DB, at: string): Promise<string | null> {
  const row = await db
    .selectFrom("site_page_revisions")
    .select((eb) => eb.fn.max("publish_at").as("at"))
    .where("page_key", "not like", "%:%")
    .where("publish_at", "<=", at)
    .executeTakeFirst();
  return row?.at ?? null;
}

/** Scheduled publishes of one kind of row (`keyPrefix`: "project:", "publication:") whose time has come, oldest first. */
export async function dueRevisions(db: DB, at: string, keyPrefix: string): Promise<PageRevision[]> {
  const rows = await db
    .selectFrom("site_page_revisions")
    .selectAll()
    .where("apply_pending", "=", 1)
    .where("publish_at", "<=", at)
    .where("page_key", "like", `${keyPrefix}%`)
    .orderBy("publish_at")
    .orderBy("id")
    .execute();
  return rows.map(toRevision);
}

/** Marks a scheduled publish as copied into its row: false when another instance did it first. */
export async function markApplied(db: DB, id: number): Promise<boolean> {
  const result = await db
    .updateTable("site_page_revisions")
    .set({ apply_pending: 0 })
    .where("id", "=", id)
    .where("apply_pending", "=", 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
