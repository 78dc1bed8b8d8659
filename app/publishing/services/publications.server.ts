// Publications (issue 52, docs/decisions/0041-publications-with-their-documents.md): newsletters,
// annual reports and research papers with their PDFs, added and changed by staff (editors and
// admins), shown on /publications and downloaded from /publications/<slug>.pdf.
// - The document is checked by its content, never its name or its browser-given type: it must
//   start with `%PDF-` and open as a PDF (pdf.js, app/infra/pdf-text.server.ts), and be at most
//   MAX_PDF_BYTES. A refusal names the file ("notes.pdf is not a PDF document").
// - The bytes go to the upload store (a folder beside the SQLite file; the database itself on
//   PostgreSQL, so every instance serves them) under a new random key per upload; the row points
//   at it. Replacing a document stores the new one, switches the row, then removes the old one:
//   the download address never changes.
// - Every change is audited, indexed for site search (with the PDF's words) in its transaction,
//   told to other instances (notePublicChange) and drops the cached publications page.
import { createHash, randomBytes } from "node:crypto";
import { nowIsoString } from "~/infra/clock.server";
import { getDb, notePublicChange, type DB } from "~/infra/db.server";
import { logger, type Logger } from "~/infra/logger.server";
import { readPdf } from "~/infra/pdf-text.server";
import { uploadStore, type UploadStore } from "~/infra/upload-store.server";
import { listAudit, pagesChanged, recordAudit, type AuditEvent } from "~/site/index.server";
import type { User } from "~/staff/index.server";
import { site } from "~/content/site";
import { slugify } from "~/utils/slug";
import { UPLOAD_KEY } from "~/utils/images";
import {
  documentMessages,
  MAX_PDF_BYTES,
  type PublicationCard,
  type PublicationFormValue,
} from "~/publishing/schemas/publications";
import { publicationDownloadPath } from "~/publishing/utils/publication-paths";
import {
  deletePublication,
  deleteUnusedPublicationType,
  documentKeyInUse,
  findPublicationTypeByName,
  getPublication,
  getPublicationBySlug,
  getPublicationType,
  insertPublication,
  insertPublicationType,
  listPublications,
  listPublicationTypes,
  publicationText,
  renamePublicationType,
  setDocumentIfNone,
  slugTaken,
  updatePublication,
  type Publication,
  type PublicationFields,
  type PublicationType,
  type StoredDocument,
} from "~/publishing/models/publications.server";
import { indexPublication, unindexPublication } from "./search.server";
import type { PageDocument, RevisionEntry } from "~/publishing/schemas/site-pages";
import { checkContent } from "~/publishing/utils/content-checks";
import {
  applyDue,
  checkSave,
  labelled,
  compareRowRevision,
  contentKey,
  keepOriginal,
  mayPublishContent,
  restoreRowRevision,
  revisionHistory,
  rowForEditing,
  seedRowRevisions,
  writeRevision,
  type ContentIntent,
  type PageState,
  type RowContent,
} from "./content-revisions.server";
import { renderSamplePublicationPdf } from "./sample-publication-pdf.server";

export type { Publication, PublicationType };

/** The one file name of a document within its upload. */
const DOCUMENT_FILE = "document.pdf";

type Actor = Pick<User, "id" | "username" | "role">;

/** A change refused, with the form field it belongs to and a message for the person. */
export class PublicationRefusal extends Error {
  override name = "PublicationRefusal";
  constructor(
    readonly field: "document" | "type_id" | "name" | "",
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

/** A chosen file: its name (only for messages and the staff list) and its bytes. */
export interface DocumentUpload {
  name: string;
  bytes: Uint8Array;
}

/** A File from a form as a DocumentUpload. */
export async function documentFromFile(file: File): Promise<DocumentUpload> {
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * Checks the file by its content: at most MAX_PDF_BYTES, starts with `%PDF-` and opens as a PDF
 * with at least one page. Gives its text (site search); throws PublicationRefusal naming the file.
 */
export async function checkDocument(upload: DocumentUpload): Promise<{ text: string | null; pages: number }> {
  if (upload.bytes.byteLength === 0) throw new PublicationRefusal("document", documentMessages.empty(upload.name));
  if (upload.bytes.byteLength > MAX_PDF_BYTES) {
    throw new PublicationRefusal("document", documentMessages.tooLarge(upload.name));
  }
  const pdf = await readPdf(upload.bytes);
  if (!pdf) throw new PublicationRefusal("document", documentMessages.notPdf(upload.name));
  return pdf;
}

/**
 * Checks and stores a document under a new key; the caller points a row at it (or removes it).
 * `knownText`: the words of a PDF this app made itself (a sample), which is not read back.
 */
async function storeDocument(
  upload: DocumentUpload,
  store: UploadStore,
  at: string,
  knownText?: string,
): Promise<StoredDocument> {
  const text = knownText ?? (await checkDocument(upload)).text;
  const body = Buffer.from(upload.bytes);
  const key = randomBytes(16).toString("hex");
  await store.save(key, [{ name: DOCUMENT_FILE, body, contentType: "application/pdf" }]);
  return {
    key,
    name: upload.name.split(/[\\/]/).pop()!.slice(0, 200) || "document.pdf",
    bytes: body.byteLength,
    sha256: createHash("sha256").update(body).digest("hex"),
    uploadedAt: at,
    text,
  };
}

/** Removes a document's upload unless a publication still points at it (never a failure). */
async function dropDocument(key: string, store: UploadStore, log: Logger): Promise<void> {
  try {
    if (!(await documentKeyInUse(getDb(), key))) await store.remove(key);
  } catch (error) {
    log.warn({ event: "publication.document_remove_failed", err: error }, "A replaced document was not removed");
  }
}

/** The fields of a valid staff form. */
export function publicationFieldsFromForm(value: PublicationFormValue): PublicationFields {
  return {
    title: value.title,
    typeId: value.type_id,
    publishedOn: value.published_on,
    description: value.description.replace(/\r\n?/g, "\n"),
    status: value.status,
  };
}

async function requireType(db: DB, typeId: number): Promise<void> {
  if (!(await getPublicationType(db, typeId))) throw new PublicationRefusal("type_id", "Choose a type from the list");
}

/** A new address from the title, unique among publications (`-2`, `-3`… when taken). */
async function freeSlug(db: DB, title: string): Promise<string> {
  const base = slugify(title, "publication").slice(0, 70).replace(/-+$/, "");
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(db, slug))) return slug;
  }
}

interface ChangeOptions {
  actor: Actor;
  log?: Logger;
  store?: UploadStore;
}

/** Creates a publication with its document; PublicationRefusal when the file or type is refused. */
export async function createPublication(
  fields: PublicationFields,
  upload: DocumentUpload,
  { actor, log = logger, store = uploadStore() }: ChangeOptions,
): Promise<Publication> {
  const db = getDb();
  await requireType(db, fields.typeId);
  // Someone who may not publish adds it unshown: an admin publishes it (its history, Publish).
  if (fields.status === "published" && !(await mayPublishContent(actor))) fields = { ...fields, status: "hidden" };
  const at = nowIsoString();
  const document = await storeDocument(upload, store, at);
  let publication: Publication;
  try {
    publication = await db.transaction().execute(async (trx) => {
      const id = await insertPublication(trx, { ...fields, slug: await freeSlug(trx, fields.title) }, document, at);
      const created = (await getPublication(trx, id))!;
      await notePublicChange(trx);
      await indexPublication(trx, created, document.text);
      await recordAudit(trx, {
        entity: "publication",
        entityId: id,
        action: "publication.created",
        detail: `${document.name}, ${document.bytes} bytes${created.status === "hidden" ? "; not shown" : ""}`,
        actor: actor.username,
        actorId: actor.id,
      });
      return created;
    });
  } catch (error) {
    await store.remove(document.key).catch(() => undefined);
    throw error;
  }
  pagesChanged("publication");
  log.info({ event: "publication.created", publication_id: publication.id }, "Publication added");
  return publication;
}

/**
 * Saves a publication's words from the staff form as a new version (content-revisions.server.ts):
 * `draft` and `submit` keep them for staff, `publish` copies them into the public row at once,
 * `schedule` at `publishAt` (UTC ISO), after the content checks and the right to publish. With
 * `upload`, the document is replaced at once (the same address): a file is not part of a version,
 * so on a publication visitors see, a new file comes only with `publish` (and the right to publish):
 * a draft never changes what visitors download.
 * Undefined when there is no such publication; `problems` when the words fail the checks.
 */
export async function revisePublication(
  id: number,
  fields: PublicationFields,
  upload: DocumentUpload | undefined,
  {
    actor,
    log = logger,
    store = uploadStore(),
    intent = "publish",
    publishAt = null,
  }: ChangeOptions & { intent?: ContentIntent; publishAt?: string | null },
): Promise<Publication | undefined> {
  const db = getDb();
  const current = await getPublication(db, id);
  if (!current) return undefined;
  await requireType(db, fields.typeId);
  if (upload && current.status === "published" && intent !== "publish") {
    throw new PublicationRefusal("document", documentMessages.needsPublish(upload.name));
  }
  const words = publicationDocument(fields);
  const checked = await checkSave(publicationContent, { document: words, intent, publishAt }, actor);
  if (!checked.ok) {
    throw new PublicationRefusal("", `Not published: ${checked.problems.map((p) => p.message).join(" ")}`);
  }
  const at = nowIsoString();
  const document = upload ? await storeDocument(upload, store, at) : undefined;
  let publication: Publication | undefined;
  try {
    publication = await db.transaction().execute(async (trx) => {
      if (document) {
        // The file now, with the row's live words; the words go by their version below.
        const original = await publicationContent.rowDocument(trx, id);
        if (original) await keepOriginal(trx, contentKey("publication", id), original, at);
        if (!(await updatePublication(trx, id, rowFields(current), document, at))) return undefined;
        await indexPublication(trx, (await getPublication(trx, id))!, document.text);
        await notePublicChange(trx);
        await recordAudit(trx, {
          entity: "publication",
          entityId: id,
          action: "publication.updated",
          detail: `New document ${document.name}, ${document.bytes} bytes`,
          actor: actor.username,
          actorId: actor.id,
        });
      }
      await writeRevision(
        trx,
        publicationContent,
        id,
        { document: words, intent, publishAt: checked.publishAt },
        actor,
      );
      return (await getPublication(trx, id))!;
    });
  } catch (error) {
    if (document) await store.remove(document.key).catch(() => undefined);
    throw error;
  }
  if (!publication) {
    if (document) await store.remove(document.key).catch(() => undefined);
    return undefined;
  }
  pagesChanged("publication");
  log.info({ event: "publication.updated", publication_id: id, intent }, "Publication changed");
  if (document && current.document) await dropDocument(current.document.key, store, log);
  return publication;
}

// ---- The editing cycle: every save of the words a version, Publish copies it into the row ----

const rowFields = (publication: Publication): PublicationFields => ({
  title: publication.title,
  typeId: publication.typeId,
  publishedOn: publication.publishedOn,
  description: publication.description,
  status: publication.status,
});

/** A publication's words as a version's document. */
function publicationDocument(fields: PublicationFields): PageDocument {
  return {
    fields: {
      title: fields.title,
      type_id: String(fields.typeId),
      published_on: fields.publishedOn,
      description: fields.description,
      status: fields.status,
    },
    lists: {},
  };
}

/** A version's document as a publication's fields. */
export function publicationFieldsOf(document: PageDocument): PublicationFields {
  const f = document.fields;
  return {
    title: f.title ?? "",
    typeId: Number(f.type_id),
    publishedOn: f.published_on ?? "",
    description: f.description ?? "",
    status: f.status === "hidden" ? "hidden" : "published",
  };
}

/** Publications as content with versions: the row holds the live words (and the document). */
export const publicationContent: RowContent = {
  entity: "publication",
  shape: {
    fields: labelled({
      title: "Title",
      type_id: "Type (number)",
      published_on: "Date",
      description: "Description",
      status: "Shown on the website",
    }),
    lists: [],
  },
  async rowDocument(db, id) {
    const row = await getPublication(db, id);
    return row && publicationDocument(rowFields(row));
  },
  problems(document) {
    // The description is a paragraph of plain words: no bare address or "click here" in it.
    return checkContent(document.fields.description ?? "", { fragment: true, field: "Description" }).map((problem) => ({
      ...problem,
      field: "description",
    }));
  },
  async publish(trx, id, document) {
    const at = nowIsoString();
    if (!(await updatePublication(trx, id, publicationFieldsOf(document), undefined, at))) {
      throw new PublicationRefusal("", "There is no such publication: it may have been deleted.", 404);
    }
    await indexPublication(trx, (await getPublication(trx, id))!, await publicationText(trx, id));
  },
  transaction: (work) => getDb().transaction().execute(work),
  published: () => pagesChanged("publication"),
};

/** Scheduled publication publishes whose time has come go public (the public reads call this first). */
export function publishDuePublications(): Promise<number> {
  return applyDue(publicationContent);
}

/** The edit form's words (the newest draft, else the live words) and where the publication stands. */
export async function publicationForEditing(id: number) {
  const editing = await rowForEditing(publicationContent, id);
  return editing && { ...editing, fields: publicationFieldsOf(editing.document) };
}

/** What the staff-only preview shows: the publication's card as it will be once its newest words are published. */
export async function previewPublication(id: number): Promise<{ card: PublicationCard; state: PageState } | undefined> {
  const row = await getPublication(getDb(), id);
  const editing = row && (await publicationForEditing(id));
  if (!row || !editing) return undefined;
  const type = await getPublicationType(getDb(), editing.fields.typeId);
  return {
    card: cardOf({ ...row, ...editing.fields, typeName: type?.name ?? row.typeName }),
    state: editing.state,
  };
}

/** A publication's versions, one compared with the live words, a restore. */
export async function publicationVersions(id: number): Promise<RevisionEntry[]> {
  return revisionHistory(getDb(), contentKey("publication", id));
}

export function comparePublicationRevision(id: number, revisionId: number) {
  return compareRowRevision(publicationContent, id, revisionId);
}

export function restorePublicationRevision(id: number, revisionId: number, publish: boolean, actor: Actor) {
  return restoreRowRevision(publicationContent, id, revisionId, publish, actor);
}

/** Every publication's words as its first version (the seed; idempotent). */
export async function seedPublicationRevisions(db: DB = getDb()): Promise<number> {
  const rows = await listPublications(db);
  return seedRowRevisions(
    publicationContent,
    rows.map((row) => row.id),
    db,
  );
}

/** Deletes a publication and its document; false when there is no such publication. */
export async function removePublication(
  id: number,
  { actor, log = logger, store = uploadStore() }: ChangeOptions,
): Promise<boolean> {
  const deleted = await getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await deletePublication(trx, id);
      if (!row) return undefined;
      await notePublicChange(trx);
      await unindexPublication(trx, id);
      await recordAudit(trx, {
        entity: "publication",
        entityId: id,
        action: "publication.deleted",
        detail: row.title.slice(0, 200),
        actor: actor.username,
        actorId: actor.id,
      });
      return row;
    });
  if (!deleted) return false;
  pagesChanged("publication");
  log.info({ event: "publication.deleted", publication_id: id }, "Publication deleted");
  if (deleted.document) await dropDocument(deleted.document.key, store, log);
  return true;
}

// ---- Reading ----

export type { PublicationCard };

/** The publications visitors see, newest first. */
export async function publicPublications(): Promise<PublicationCard[]> {
  await publishDuePublications();
  const rows = await listPublications(getDb(), { publishedOnly: true });
  return rows.map(cardOf);
}

function cardOf(row: Publication): PublicationCard {
  const { slug, title, typeName, publishedOn, description, document } = row;
  const download = document ? { url: publicationDownloadPath(slug), bytes: document.bytes } : null;
  return { slug, title, typeName, publishedOn, description, download };
}

export async function staffPublications(): Promise<Publication[]> {
  return listPublications(getDb());
}

export async function findPublication(id: number): Promise<Publication | undefined> {
  return getPublication(getDb(), id);
}

/** A publication's history (who added, changed, deleted it), oldest first. */
export async function publicationHistory(id: number): Promise<AuditEvent[]> {
  return listAudit(getDb(), "publication", id);
}

/** The addresses the sitemap lists: each shown publication's document. */
export async function sitemapPublications(): Promise<{ path: string; lastmod: string }[]> {
  await publishDuePublications();
  const rows = await listPublications(getDb(), { publishedOnly: true });
  return rows
    .filter((row) => row.document)
    .map((row) => ({ path: publicationDownloadPath(row.slug), lastmod: row.document!.uploadedAt }));
}

/** A document to send: what the response says of it, and its bytes (read only when sent). */
export interface DocumentDownload {
  /** The name the visitor's copy gets: the stable address's, `<slug>.pdf`. */
  filename: string;
  bytes: number;
  sha256: string;
  uploadedAt: string;
  /** The bytes, or null when the store lost them. */
  read(): Promise<Buffer | null>;
}

function downloadOf(publication: Publication | undefined, store: UploadStore): DocumentDownload | null {
  const document = publication?.document;
  if (!publication || !document || !UPLOAD_KEY.test(document.key)) return null;
  return {
    filename: `${publication.slug}.pdf`,
    bytes: document.bytes,
    sha256: document.sha256,
    uploadedAt: document.uploadedAt,
    read: () => store.read(document.key, DOCUMENT_FILE),
  };
}

/** The document of a publication visitors see, by its address; null when there is none. */
export async function publicDocument(
  slug: string,
  store: UploadStore = uploadStore(),
): Promise<DocumentDownload | null> {
  await publishDuePublications();
  const publication = await getPublicationBySlug(getDb(), slug);
  if (publication?.status !== "published") return null;
  return downloadOf(publication, store);
}

/** Any publication's document, for staff (a hidden one too). */
export async function staffDocument(id: number, store: UploadStore = uploadStore()): Promise<DocumentDownload | null> {
  return downloadOf(await getPublication(getDb(), id), store);
}

// ---- Types ----

export async function publicationTypes(): Promise<PublicationType[]> {
  return listPublicationTypes(getDb());
}

async function refuseTakenName(db: DB, name: string, except?: number): Promise<void> {
  const same = await findPublicationTypeByName(db, name);
  if (same && same.id !== except) throw new PublicationRefusal("name", `There is already a type called ${name}`, 409);
}

export async function addPublicationType(name: string, { actor, log = logger }: ChangeOptions): Promise<number> {
  const db = getDb();
  await refuseTakenName(db, name);
  const id = await db.transaction().execute(async (trx) => {
    const created = await insertPublicationType(trx, name, nowIsoString());
    await recordAudit(trx, {
      entity: "publication-type",
      entityId: created,
      action: "publication-type.created",
      detail: name,
      actor: actor.username,
      actorId: actor.id,
    });
    return created;
  });
  log.info({ event: "publication-type.created", publication_type_id: id }, "Publication type added");
  return id;
}

/** Renames a type: every card with it shows the new name. */
export async function renameType(id: number, name: string, { actor, log = logger }: ChangeOptions): Promise<void> {
  const db = getDb();
  const current = await getPublicationType(db, id);
  if (!current) throw new PublicationRefusal("", "That type no longer exists", 404);
  await refuseTakenName(db, name, id);
  await db.transaction().execute(async (trx) => {
    await renamePublicationType(trx, id, name);
    await notePublicChange(trx);
    // The type is in each of its publications' search text.
    for (const publication of await listPublications(trx, { publishedOnly: true })) {
      if (publication.typeId === id)
        await indexPublication(trx, publication, await publicationText(trx, publication.id));
    }
    await recordAudit(trx, {
      entity: "publication-type",
      entityId: id,
      action: "publication-type.renamed",
      detail: `${current.name} → ${name}`,
      actor: actor.username,
      actorId: actor.id,
    });
  });
  pagesChanged("publication");
  log.info({ event: "publication-type.renamed", publication_type_id: id }, "Publication type renamed");
}

/** Deletes a type no publication has; PublicationRefusal when one still has it. */
export async function removeType(id: number, { actor, log = logger }: ChangeOptions): Promise<void> {
  const db = getDb();
  const current = await getPublicationType(db, id);
  if (!current) return;
  const deleted = await db.transaction().execute(async (trx) => {
    if (!(await deleteUnusedPublicationType(trx, id))) return false;
    await recordAudit(trx, {
      entity: "publication-type",
      entityId: id,
      action: "publication-type.deleted",
      detail: current.name,
      actor: actor.username,
      actorId: actor.id,
    });
    return true;
  });
  if (!deleted) {
    const count = current.uses === 1 ? "1 publication has" : `${current.uses} publications have`;
    throw new PublicationRefusal(
      "",
      `${current.name} cannot be deleted: ${count} this type. Change their type first.`,
      409,
    );
  }
  log.info({ event: "publication-type.deleted", publication_type_id: id }, "Publication type deleted");
}

// ---- The first start ----

/**
 * Gives each publication that has no document yet (the spec's three, inserted by migration 0045)
 * a generated sample PDF that says it is a sample, so every card has a working download from the
 * first start. Idempotent: a publication with a document is never touched. Run by db/seed.ts.
 */
export async function seedSamplePublicationDocuments(db: DB, store: UploadStore = uploadStore(db)): Promise<number> {
  let seeded = 0;
  for (const publication of await listPublications(db)) {
    if (publication.document) continue;
    const sample = await renderSamplePublicationPdf({
      title: publication.title,
      typeName: publication.typeName,
      description: publication.description,
      publishedOn: publication.publishedOn,
      charityName: site.name,
    });
    const at = nowIsoString();
    // Made here: its words are known, and pdf.js (large) is not loaded at every first start.
    const document = await storeDocument(
      { name: `${publication.slug}-sample.pdf`, bytes: sample.bytes },
      store,
      at,
      sample.text,
    );
    const done = await db.transaction().execute(async (trx) => {
      if (!(await setDocumentIfNone(trx, publication.id, document, at))) return false;
      await notePublicChange(trx);
      await indexPublication(trx, (await getPublication(trx, publication.id))!, document.text);
      return true;
    });
    // Another instance seeded it first: this copy is not needed.
    if (!done) await store.remove(document.key).catch(() => undefined);
    else seeded++;
  }
  if (seeded) pagesChanged("publication");
  return seeded;
}
