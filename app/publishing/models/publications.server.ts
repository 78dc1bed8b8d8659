import { sql } from "kysely";
import type { PublicationStatus } from "../../../db/schema";
import type { DB } from "~/infra/db.server";

// Publications and their types (migration 0045): the only SQL of them. A publication's document
// is a PDF in the upload store; these rows hold its key, name, size, hash and text.

export type { PublicationStatus };

export interface PublicationDocument {
  /** The upload store's key. */
  key: string;
  /** The name the file was uploaded as. */
  name: string;
  bytes: number;
  sha256: string;
  uploadedAt: string;
}

export interface Publication {
  id: number;
  slug: string;
  title: string;
  typeId: number;
  typeName: string;
  /** YYYY-MM-DD */
  publishedOn: string;
  description: string;
  status: PublicationStatus;
  /** null only for a publication whose document is not there yet (0045's rows before the seed). */
  document: PublicationDocument | null;
  createdAt: string;
  updatedAt: string;
}

export interface PublicationType {
  id: number;
  name: string;
  position: number;
  /** How many publications have this type (a type in use cannot be deleted). */
  uses: number;
}

export interface PublicationFields {
  title: string;
  typeId: number;
  publishedOn: string;
  description: string;
  status: PublicationStatus;
}

export interface StoredDocument extends PublicationDocument {
  /** The PDF's words (site search), or null. */
  text: string | null;
}

function selectPublications(db: DB) {
  return db
    .selectFrom("publications as p")
    .innerJoin("publication_types as t", "t.id", "p.type_id")
    .select([
      "p.id",
      "p.slug",
      "p.title",
      "p.type_id",
      "t.name as type_name",
      "p.published_on",
      "p.description",
      "p.status",
      "p.document_key",
      "p.document_name",
      "p.document_bytes",
      "p.document_sha256",
      "p.document_uploaded_at",
      "p.created_at",
      "p.updated_at",
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectPublications>["executeTakeFirstOrThrow"]>>;

/** The one mapping of the publications table's columns. */
function toPublication(row: Row): Publication {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    typeId: Number(row.type_id),
    typeName: row.type_name,
    publishedOn: row.published_on,
    description: row.description,
    status: row.status,
    document:
      row.document_key === null
        ? null
        : {
            key: row.document_key,
            name: row.document_name!,
            bytes: Number(row.document_bytes),
            sha256: row.document_sha256!,
            uploadedAt: row.document_uploaded_at!,
          },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every publication (`publishedOnly`: those visitors see), newest first. */
export async function listPublications(db: DB, { publishedOnly = false } = {}): Promise<Publication[]> {
  let query = selectPublications(db);
  if (publishedOnly) query = query.where("p.status", "=", "published");
  const rows = await query.orderBy("p.published_on", "desc").orderBy("p.id", "desc").execute();
  return rows.map(toPublication);
}

export async function getPublication(db: DB, id: number): Promise<Publication | undefined> {
  const row = await selectPublications(db).where("p.id", "=", id).executeTakeFirst();
  return row && toPublication(row);
}

export async function getPublicationBySlug(db: DB, slug: string): Promise<Publication | undefined> {
  const row = await selectPublications(db).where("p.slug", "=", slug).executeTakeFirst();
  return row && toPublication(row);
}

/** Whether a publication already has this address. */
export async function slugTaken(db: DB, slug: string): Promise<boolean> {
  const row = await db.selectFrom("publications").select("id").where("slug", "=", slug).executeTakeFirst();
  return row !== undefined;
}

/** The text of a publication's document, for site search. */
export async function publicationText(db: DB, id: number): Promise<string | null> {
  const row = await db.selectFrom("publications").select("document_text").where("id", "=", id).executeTakeFirst();
  return row?.document_text ?? null;
}

const documentColumns = (document: StoredDocument) => ({
  document_key: document.key,
  document_name: document.name,
  document_bytes: document.bytes,
  document_sha256: document.sha256,
  document_text: document.text,
  document_uploaded_at: document.uploadedAt,
});

export async function insertPublication(
  db: DB,
  fields: PublicationFields & { slug: string },
  document: StoredDocument,
  at: string,
): Promise<number> {
  const row = await db
    .insertInto("publications")
    .values({
      slug: fields.slug,
      title: fields.title,
      type_id: fields.typeId,
      published_on: fields.publishedOn,
      description: fields.description,
      status: fields.status,
      ...documentColumns(document),
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Changes a publication's fields and (with `document`) its document; false when there is no such row. */
export async function updatePublication(
  db: DB,
  id: number,
  fields: PublicationFields,
  document: StoredDocument | undefined,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("publications")
    .set({
      title: fields.title,
      type_id: fields.typeId,
      published_on: fields.publishedOn,
      description: fields.description,
      status: fields.status,
      ...(document ? documentColumns(document) : {}),
      updated_at: at,
    })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives a publication its document (the seed's sample); false when it has one already. */
export async function setDocumentIfNone(db: DB, id: number, document: StoredDocument, at: string): Promise<boolean> {
  const result = await db
    .updateTable("publications")
    .set({ ...documentColumns(document), updated_at: at })
    .where("id", "=", id)
    .where("document_key", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePublication(db: DB, id: number): Promise<Publication | undefined> {
  const publication = await getPublication(db, id);
  if (!publication) return undefined;
  await db.deleteFrom("publications").where("id", "=", id).execute();
  return publication;
}

/** Whether any publication keeps its document under this key. */
export async function documentKeyInUse(db: DB, key: string): Promise<boolean> {
  const row = await db.selectFrom("publications").select("id").where("document_key", "=", key).executeTakeFirst();
  return row !== undefined;
}

// ---- Types ----

export async function listPublicationTypes(db: DB): Promise<PublicationType[]> {
  const rows = await db
    .selectFrom("publication_types as t")
    .leftJoin("publications as p", "p.type_id", "t.id")
    .select(["t.id", "t.name", "t.position", sql<number>`count(p.id)`.as("uses")])
    .groupBy(["t.id", "t.name", "t.position"])
    .orderBy("t.position")
    .orderBy("t.id")
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    position: Number(row.position),
    uses: Number(row.uses),
  }));
}

export async function getPublicationType(db: DB, id: number): Promise<PublicationType | undefined> {
  return (await listPublicationTypes(db)).find((type) => type.id === id);
}

/** The type with this name whatever its letter case (the column ignores case on both engines). */
export async function findPublicationTypeByName(db: DB, name: string): Promise<{ id: number } | undefined> {
  const row = await db.selectFrom("publication_types").select("id").where("name", "=", name).executeTakeFirst();
  return row && { id: Number(row.id) };
}

export async function insertPublicationType(db: DB, name: string, at: string): Promise<number> {
  const last = await db
    .selectFrom("publication_types")
    .select(sql<number | null>`max(position)`.as("position"))
    .executeTakeFirst();
  const row = await db
    .insertInto("publication_types")
    .values({ name, position: Number(last?.position ?? -1) + 1, created_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function renamePublicationType(db: DB, id: number, name: string): Promise<boolean> {
  const result = await db.updateTable("publication_types").set({ name }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a type no publication has; false when it is in use or gone. */
export async function deleteUnusedPublicationType(db: DB, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("publication_types")
    .where("id", "=", id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("publications").select("id").where("publications.type_id", "=", id))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
