import type { Selectable } from "kysely";
import type { ProjectPicturesTable, ProjectsTable, ProjectState } from "../../../db/schema";
import { nowIsoString } from "~/infra/clock.server";
import type { DB } from "~/infra/db.server";
import type { ProjectStatus } from "~/publishing/schemas/projects";

// The charity's projects (0044): one row each, and their gallery pictures in order. A picture is
// one of the site's own files (src, the seeded artwork) or an upload of the image pipeline (key
// and widths); its alt text is empty only when it is marked decorative.

export type { ProjectState };

export interface StoredPicture {
  src: string | null;
  upload: string | null;
  widths: string | null;
  alt: string;
  decorative: boolean;
}

export interface GalleryPicture extends StoredPicture {
  id: number;
  position: number;
}

export interface ProjectFields {
  slug: string;
  title: string;
  summary: string;
  status: ProjectStatus;
  body: string;
  state: ProjectState;
  position: number;
  inMenu: boolean;
  inFooter: boolean;
  card: StoredPicture | null;
}

/** A project as stored: its fields, its gallery and when it was made, changed and published. */
export interface ProjectRecord extends ProjectFields {
  id: number;
  gallery: GalleryPicture[];
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
}

const bit = (value: boolean) => (value ? 1 : 0) as 0 | 1;

/** A picture's columns (the card's in `projects`, a gallery picture's in `project_pictures`) as one picture. */
function storedPicture(
  src: string | null,
  upload: string | null,
  widths: string | null,
  alt: string,
  decorative: number,
): StoredPicture {
  return { src, upload, widths, alt, decorative: decorative === 1 };
}

function toCard(row: Selectable<ProjectsTable>): StoredPicture | null {
  if (!row.card_src && !row.card_upload) return null;
  return storedPicture(row.card_src, row.card_upload, row.card_widths, row.card_alt, row.card_decorative);
}

function toPicture(row: Selectable<ProjectPicturesTable>): GalleryPicture {
  return {
    id: row.id,
    position: row.position,
    ...storedPicture(row.src, row.upload, row.widths, row.alt, row.decorative),
  };
}

function toRecord(row: Selectable<ProjectsTable>, gallery: GalleryPicture[]): ProjectRecord {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    status: row.status,
    body: row.body,
    state: row.state,
    position: row.position,
    inMenu: row.in_menu === 1,
    inFooter: row.in_footer === 1,
    card: toCard(row),
    gallery,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
  };
}

async function withGalleries(db: DB, rows: Selectable<ProjectsTable>[]): Promise<ProjectRecord[]> {
  if (rows.length === 0) return [];
  const pictures = await db
    .selectFrom("project_pictures")
    .selectAll()
    .where(
      "project_id",
      "in",
      rows.map((row) => row.id),
    )
    .orderBy("project_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  const byProject = new Map<number, GalleryPicture[]>();
  for (const picture of pictures) {
    const list = byProject.get(picture.project_id) ?? [];
    list.push(toPicture(picture));
    byProject.set(picture.project_id, list);
  }
  return rows.map((row) => toRecord(row, byProject.get(row.id) ?? []));
}

/** Every project in list order (published only, and of one status, when asked). */
export async function listProjects(
  db: DB,
  filter: { publishedOnly?: boolean; status?: ProjectStatus } = {},
): Promise<ProjectRecord[]> {
  let query = db.selectFrom("projects").selectAll();
  if (filter.publishedOnly) query = query.where("state", "=", "published");
  if (filter.status) query = query.where("status", "=", filter.status);
  const rows = await query.orderBy("position").orderBy("id").execute();
  return withGalleries(db, rows);
}

export async function getProject(db: DB, id: number): Promise<ProjectRecord | undefined> {
  const row = await db.selectFrom("projects").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? (await withGalleries(db, [row]))[0] : undefined;
}

export async function getProjectBySlug(db: DB, slug: string): Promise<ProjectRecord | undefined> {
  const row = await db.selectFrom("projects").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? (await withGalleries(db, [row]))[0] : undefined;
}

/** Whether another project has this address. */
export async function projectSlugTaken(db: DB, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom("projects").select("id").where("slug", "=", slug);
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The place after the last project: a new one goes to the end of the lists. */
export async function nextProjectPosition(db: DB): Promise<number> {
  const row = await db
    .selectFrom("projects")
    .select((eb) => eb.fn.max<number | null>("position").as("last"))
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

function columns(fields: ProjectFields) {
  // The words' columns are named as their fields; the switches and the card picture are not.
  const { slug, title, summary, status, body, state, position } = fields;
  const words = { slug, title, summary, status, body, state, position };
  return {
    ...words,
    in_menu: bit(fields.inMenu),
    in_footer: bit(fields.inFooter),
    card_src: fields.card?.src ?? null,
    card_upload: fields.card?.upload ?? null,
    card_widths: fields.card?.widths ?? null,
    card_alt: fields.card && !fields.card.decorative ? fields.card.alt : "",
    card_decorative: bit(fields.card?.decorative ?? false),
  };
}

export async function insertProject(db: DB, fields: ProjectFields): Promise<number> {
  const at = nowIsoString();
  const row = await db
    .insertInto("projects")
    .values({
      ...columns(fields),
      created_at: at,
      updated_at: at,
      published_at: fields.state === "published" ? at : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProject(db: DB, id: number, fields: ProjectFields, wasPublished: boolean): Promise<void> {
  const at = nowIsoString();
  await db
    .updateTable("projects")
    .set({
      ...columns(fields),
      updated_at: at,
      ...(fields.state === "published" && !wasPublished ? { published_at: at } : {}),
    })
    .where("id", "=", id)
    .execute();
}

/** Replaces a project's gallery with these pictures, in this order. */
export async function replaceGallery(db: DB, projectId: number, pictures: StoredPicture[]): Promise<void> {
  await db.deleteFrom("project_pictures").where("project_id", "=", projectId).execute();
  if (pictures.length === 0) return;
  await db
    .insertInto("project_pictures")
    .values(
      pictures.map((picture, i) => ({
        project_id: projectId,
        position: i + 1,
        src: picture.src,
        upload: picture.upload,
        widths: picture.widths,
        alt: picture.decorative ? "" : picture.alt,
        decorative: bit(picture.decorative),
      })),
    )
    .execute();
}

/** Whether this address is a published project's: live content, never a redirect's source. */
export async function isPublishedProjectSlug(db: DB, slug: string): Promise<boolean> {
  const row = await db
    .selectFrom("projects")
    .select("id")
    .where("slug", "=", slug)
    .where("state", "=", "published")
    .executeTakeFirst();
  return row !== undefined;
}
