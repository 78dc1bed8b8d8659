import { dataVersionNow, getDb, immediateTransaction, notePublicChange, afterCommit, type DB } from "~/infra/db.server";
import { deleteImage, ImageRejected, storeImage, type StoredImage } from "~/infra/images.server";
import { logger } from "~/infra/logger.server";
import { renderMarkdown } from "~/infra/markdown.server";
import { listAudit, pagesChanged, recordAudit, type AuditEvent } from "~/site/index.server";
import {
  getProject,
  getProjectBySlug,
  insertProject,
  listProjects,
  nextProjectPosition,
  projectSlugTaken,
  replaceGallery,
  updateProject,
  type ProjectFields,
  type ProjectRecord,
  type StoredPicture,
} from "~/publishing/models/projects.server";
import { deleteRedirectFrom } from "~/publishing/models/redirects.server";
import {
  PROJECT_IMAGE_SIZE,
  type Project,
  type ProjectFormValue,
  type ProjectPicture,
  type ProjectStatus,
} from "~/publishing/schemas/projects";
import type { Role } from "~/utils/admin-paths";
import { responsiveImage } from "~/utils/images";
import { Refusal } from "~/utils/refusal";
import { checkContent, type ContentProblem } from "~/publishing/utils/content-checks";
import type { PageDocument, RevisionEntry } from "~/publishing/schemas/site-pages";
import { listRevisions } from "~/publishing/models/site-pages.server";
import { nowIsoString } from "~/infra/clock.server";
import {
  applyDue,
  checkSave,
  labelled,
  compareRowRevision,
  contentKey,
  ContentRefusal,
  mayPublishContent,
  PUBLISH_REFUSED,
  restoreRowRevision,
  revisionHistory,
  rowForEditing,
  seedRowRevisions,
  stateOf,
  writeRevision,
  type ContentIntent,
  type PageState,
  type RowContent,
} from "./content-revisions.server";
import { ADDRESS_LOCK, recordRedirect } from "./redirects.server";
import { indexProject } from "./search.server";

// Projects (issue 52, docs/site-editor.md "Projects"): staff write them in the Projects section
// (editors and admins); a draft is not on the public site, Publish shows it. The public pages,
// the menu and the footer read the published ones from here. A renamed address records a 301
// from the old one (redirects.server.ts). Every save drops the cached pages at once (the menu and
// footer are on every page) and tells the other instances (notePublicChange).

export class ProjectRefusal extends Refusal {}

/** A project's body fails the content checks on Publish (h52a's checkContent): each problem in words. */
export class ProjectContentRefusal extends Refusal {
  constructor(readonly problems: string[]) {
    super(
      `The body has ${problems.length === 1 ? "a problem" : `${problems.length} problems`} to fix before publishing`,
      400,
    );
  }
}

/** A picture the image pipeline would not take; `field` is the form field it came from. */
export class ProjectPictureRejected extends Refusal {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message, 400);
  }
}
export type { ProjectRecord };

export const projectPath = (slug: string) => `/projects/${slug}`;

interface Actor {
  id: number;
  username: string;
  role: Role;
}

// ---- What visitors see ----

function pictureView(picture: StoredPicture): ProjectPicture | null {
  const alt = picture.decorative ? "" : picture.alt;
  if (picture.upload) {
    const image = responsiveImage(picture.upload, picture.widths, alt);
    return image
      ? { src: image.src, srcSet: image.srcSet, webpSrcSet: image.webpSrcSet, alt, ...PROJECT_IMAGE_SIZE }
      : null;
  }
  return picture.src ? { src: picture.src, alt, ...PROJECT_IMAGE_SIZE } : null;
}

function projectView(record: Omit<ProjectFields, "state" | "position"> & { gallery: StoredPicture[] }): Project {
  const { slug, title, summary, status, card, gallery } = record;
  const pictures = gallery.map(pictureView).filter((picture): picture is ProjectPicture => picture !== null);
  return { slug, title, summary, status, image: card ? pictureView(card) : null, gallery: pictures };
}

const bodyHtml = (body: string) => (body.trim() ? renderMarkdown(body) : "");

/** The published projects in list order; Recent Projects asks for the Active ones. */
export async function publicProjects(filter: { status?: ProjectStatus } = {}): Promise<Project[]> {
  await publishDueProjects();
  return (await listProjects(getDb(), { publishedOnly: true, status: filter.status })).map(projectView);
}

/** A published project's page: the project and its body as HTML (raw HTML off). */
export async function publicProject(slug: string): Promise<(Project & { bodyHtml: string }) | undefined> {
  await publishDueProjects();
  const record = await getProjectBySlug(getDb(), slug);
  if (!record || record.state !== "published") return undefined;
  return { ...projectView(record), bodyHtml: bodyHtml(record.body) };
}

export interface ProjectLink {
  label: string;
  to: string;
}

interface KeptLinks {
  dataVersion: number;
  links: { menu: ProjectLink[]; footer: ProjectLink[] };
}
const keptLinks = new WeakMap<DB, KeptLinks>();

/**
 * The menu's and the footer's project links: published projects ticked for each, in list order.
 * Read by every page's frame, so kept until the data changes (here: a save forgets them; another
 * instance's save moves the data version).
 */
export async function projectFrameLinks(db: DB = getDb()): Promise<{ menu: ProjectLink[]; footer: ProjectLink[] }> {
  if (db === getDb()) await publishDueProjects();
  const dataVersion = await dataVersionNow(db);
  const kept = keptLinks.get(db);
  if (kept && kept.dataVersion === dataVersion) return kept.links;
  const rows = await db
    .selectFrom("projects")
    .select(["slug", "title", "in_menu", "in_footer"])
    .where("state", "=", "published")
    .where((eb) => eb.or([eb("in_menu", "=", 1), eb("in_footer", "=", 1)]))
    .orderBy("position")
    .orderBy("id")
    .execute();
  const link = (row: { slug: string; title: string }) => ({ label: row.title, to: projectPath(row.slug) });
  const links = {
    menu: rows.filter((row) => row.in_menu === 1).map(link),
    footer: rows.filter((row) => row.in_footer === 1).map(link),
  };
  keptLinks.set(db, { dataVersion, links });
  return links;
}

/** The published projects' addresses and last changes, for the sitemap. */
export async function sitemapProjects(): Promise<{ path: string; updatedAt: string }[]> {
  await publishDueProjects();
  const rows = await getDb()
    .selectFrom("projects")
    .select(["slug", "updated_at"])
    .where("state", "=", "published")
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ path: projectPath(row.slug), updatedAt: row.updated_at }));
}

// ---- Staff ----

export function staffProjectList(): Promise<ProjectRecord[]> {
  return listProjects(getDb());
}

/** The edit page: the row, the words the form starts from (the newest draft, else the live words), its pictures. */
export async function projectForEdit(id: number): Promise<
  | {
      project: ProjectRecord;
      editing: ReturnType<typeof projectFromDocument>;
      state: PageState;
      scheduledFor: string | null;
      history: AuditEvent[];
      card: ProjectPicture | null;
      pictures: Record<number, ProjectPicture | null>;
      mayPublish: boolean;
    }
  | undefined
> {
  const db = getDb();
  const project = await getProject(db, id);
  const editing = project && (await rowForEditing(projectContent, id));
  if (!project || !editing) return undefined;
  const words = projectFromDocument(editing.document);
  const pictures: Record<number, ProjectPicture | null> = {};
  words.gallery.forEach((picture, i) => (pictures[i + 1] = pictureView({ ...picture, decorative: false })));
  return {
    project,
    editing: words,
    state: editing.state,
    scheduledFor: editing.scheduledFor,
    history: await listAudit(db, "project", id),
    card: words.fields.card ? pictureView({ ...words.fields.card, decorative: false }) : null,
    pictures,
    mayPublish: false,
  };
}

/** Who may write projects: the Projects section's roles (editors and admins). */
export function mayEditProjects(role: Role): boolean {
  return role === "admin" || role === "editor";
}

async function store(file: File | undefined, field: string): Promise<StoredImage | undefined> {
  if (!file) return undefined;
  try {
    return await storeImage(new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof ImageRejected) throw new ProjectPictureRejected(error.message, field);
    throw error;
  }
}

const uploadedPicture = (stored: StoredImage, alt: string | undefined, decorative: boolean): StoredPicture => ({
  src: null,
  upload: stored.key,
  widths: stored.widths.join(","),
  alt: decorative ? "" : (alt ?? ""),
  decorative,
});

function describe(project: ProjectFields, gallery: number): string {
  return `${project.state === "published" ? "published" : "draft"}, ${project.status}, ${projectPath(project.slug)}, ${gallery} gallery picture${gallery === 1 ? "" : "s"}`;
}

// ---- The editing cycle (content-revisions.server.ts): every save a revision, Publish copies it into the row ----

const yes = (value: boolean) => (value ? "on" : "");

function pictureWords(picture: StoredPicture): Record<string, string> {
  return {
    src: picture.src ?? "",
    upload: picture.upload ?? "",
    widths: picture.widths ?? "",
    alt: picture.decorative ? "" : picture.alt,
    decorative: yes(picture.decorative),
  };
}

function pictureOf(words: Record<string, string>): StoredPicture | null {
  if (!words.src && !words.upload) return null;
  return {
    src: words.src || null,
    upload: words.upload || null,
    widths: words.widths || null,
    alt: words.decorative ? "" : (words.alt ?? ""),
    decorative: Boolean(words.decorative),
  };
}

/** A project's words (and its pictures' places and alt texts) as a revision's document. */
export function projectDocument(
  project: Omit<ProjectFields, "state" | "position">,
  gallery: StoredPicture[],
): PageDocument {
  const card = project.card ? pictureWords(project.card) : {};
  return {
    fields: {
      title: project.title,
      slug: project.slug,
      summary: project.summary,
      status: project.status,
      body: project.body,
      in_menu: yes(project.inMenu),
      in_footer: yes(project.inFooter),
      card_src: card.src ?? "",
      card_upload: card.upload ?? "",
      card_widths: card.widths ?? "",
      card_alt: card.alt ?? "",
      card_decorative: card.decorative ?? "",
    },
    lists: { gallery: gallery.map(pictureWords) },
  };
}

/** A revision's document as a project's fields and gallery. */
function projectFromDocument(document: PageDocument): {
  fields: Omit<ProjectFields, "state" | "position">;
  gallery: StoredPicture[];
} {
  const f = document.fields;
  return {
    fields: {
      slug: f.slug ?? "",
      title: f.title ?? "",
      summary: f.summary ?? "",
      status: (f.status ?? "Active") as ProjectStatus,
      body: f.body ?? "",
      inMenu: Boolean(f.in_menu),
      inFooter: Boolean(f.in_footer),
      card: pictureOf({
        src: f.card_src,
        upload: f.card_upload,
        widths: f.card_widths,
        alt: f.card_alt,
        decorative: f.card_decorative,
      }),
    },
    gallery: (document.lists.gallery ?? []).map(pictureOf).filter((p): p is StoredPicture => p !== null),
  };
}

function pictureProblems(document: PageDocument): (ContentProblem & { field: string })[] {
  const { fields, gallery } = projectFromDocument(document);
  const problems: (ContentProblem & { field: string })[] = [];
  if (fields.card && !fields.card.decorative && !fields.card.alt.trim()) {
    problems.push({ code: "image-alt", message: "The card picture has no description (alt text).", field: "card_alt" });
  }
  gallery.forEach((picture, i) => {
    if (!picture.decorative && !picture.alt.trim()) {
      problems.push({
        code: "image-alt",
        message: `Gallery picture ${i + 1} has no description (alt text).`,
        field: `gallery[${i}].alt`,
      });
    }
  });
  return problems;
}

/** Writes a project's words into its row (kept as it is: published or a draft), its gallery with them. */
async function writeProjectRow(
  trx: DB,
  current: ProjectRecord,
  document: PageDocument,
  state: ProjectFields["state"],
  actor: string,
): Promise<ProjectRecord> {
  const { fields, gallery } = projectFromDocument(document);
  if (await projectSlugTaken(trx, fields.slug, current.id)) {
    throw new ProjectRefusal("Another project has this address: choose another", 409);
  }
  await updateProject(trx, current.id, { ...fields, state, position: current.position }, current.state === "published");
  await replaceGallery(trx, current.id, gallery);
  // The address is this project's now (live once published): no redirect leads away from it.
  await deleteRedirectFrom(trx, projectPath(fields.slug));
  if (current.slug !== fields.slug) {
    await recordRedirect(trx, projectPath(current.slug), projectPath(fields.slug), { origin: "automatic", actor });
  }
  const record = (await getProject(trx, current.id))!;
  await indexProject(trx, record);
  return record;
}

/** Projects as content with revisions: the row holds the live words. */
export const projectContent: RowContent = {
  entity: "project",
  shape: {
    fields: labelled({
      title: "Title",
      slug: "Address",
      summary: "Summary",
      status: "Status",
      body: "Body",
      in_menu: "In the menu",
      in_footer: "In the footer",
      card_upload: "Card picture (upload)",
      card_src: "Card picture (site file)",
      card_alt: "Card picture description",
      card_decorative: "Card picture decorative",
    }),
    lists: [
      {
        name: "gallery",
        itemLabel: "Gallery picture",
        fields: labelled({ upload: "upload", src: "site file", alt: "description", decorative: "decorative" }),
      },
    ],
  },
  async rowDocument(db, id) {
    const record = await getProject(db, id);
    return record && projectDocument(record, record.gallery);
  },
  problems(document) {
    // The page prints the title as its h1: the body's headings start at h2.
    const body = checkContent(document.fields.body ?? "", { titleIsH1: true, field: "Body" }).map((problem) => ({
      ...problem,
      field: "body",
    }));
    return [...body, ...pictureProblems(document)];
  },
  async publish(trx, id, document, actor) {
    const current = await getProject(trx, id);
    if (!current) throw new ProjectRefusal("This project no longer exists", 404);
    await writeProjectRow(trx, current, document, "published", actor);
    await afterCommit(trx, () => keptLinks.delete(getDb()));
  },
  transaction: (work) => immediateTransaction(getDb(), work, { lockKey: ADDRESS_LOCK }),
  published() {
    keptLinks.delete(getDb());
    pagesChanged("project");
  },
};

/** Scheduled project publishes whose time has come go public (the public reads call this first). */
export function publishDueProjects(): Promise<number> {
  return applyDue(projectContent);
}

export type ProjectIntent = ProjectFormValue["intent"];

/**
 * Saves a project from the staff form: a new one (no `id`) or changes to one. Every save is a
 * revision: `draft` and `submit` keep it for staff (a published project stays as visitors see it),
 * `publish` copies it into the public row at once, `schedule` at `publishAt` (UTC ISO), after the
 * content checks and the right to publish (admins, editors when allowed). `unpublish` takes a
 * project off the public site. Uploaded pictures go through the image pipeline first; a refusal
 * leaves none behind. A published address change records a 301 from the old one.
 * Refused (ProjectRefusal, ProjectContentRefusal, ContentRefusal, RedirectRefusal) with a message.
 */
export async function saveProject(
  value: ProjectFormValue,
  actor: Actor,
  options: { id?: number; publishAt?: string | null } = {},
): Promise<{ record: ProjectRecord; state: PageState }> {
  if (!mayEditProjects(actor.role)) throw new ProjectRefusal("Only editors and admins write projects", 409);
  const db = getDb();
  const current = options.id === undefined ? undefined : await getProject(db, options.id);
  if (options.id !== undefined && !current) throw new ProjectRefusal("This project no longer exists", 404);
  if (value.intent === "unpublish") return { record: await unpublishProject(current!, actor), state: "draft" };
  if (await projectSlugTaken(db, value.slug, current?.id)) {
    throw new ProjectRefusal("Another project has this address: choose another", 409);
  }
  const editing = current ? (await rowForEditing(projectContent, current.id))!.document : undefined;
  const base = editing ? projectFromDocument(editing) : undefined;
  if (!value.card_file && !base?.fields.card) throw new ProjectRefusal("Choose a card picture", 400);
  if ((value.intent === "publish" || value.intent === "schedule") && !(await mayPublishContent(actor))) {
    throw new ContentRefusal(PUBLISH_REFUSED);
  }

  const stored: StoredImage[] = [];
  const keep = async (file: File | undefined, field: string) => {
    const image = await store(file, field);
    if (image) stored.push(image);
    return image;
  };
  try {
    const cardImage = await keep(value.card_file, "card_file");
    const card: StoredPicture = cardImage
      ? uploadedPicture(cardImage, value.card_alt, value.card_decorative)
      : {
          ...base!.fields.card!,
          alt: value.card_decorative ? "" : (value.card_alt ?? ""),
          decorative: value.card_decorative,
        };
    const gallery = await galleryFrom(value, base?.gallery ?? [], keep);
    const document = projectDocument(
      {
        slug: value.slug,
        title: value.title,
        summary: value.summary,
        status: value.status,
        body: value.body ?? "",
        inMenu: value.in_menu,
        inFooter: value.in_footer,
        card,
      },
      gallery,
    );
    const checked = await checkSave(
      projectContent,
      { document, intent: value.intent, publishAt: options.publishAt },
      actor,
    );
    if (!checked.ok) throw new ProjectContentRefusal(checked.problems.map((problem) => problem.message));

    const saved = await projectContent.transaction(async (trx) => {
      let row = current;
      if (!row) {
        const { fields } = projectFromDocument(document);
        const id = await insertProject(trx, { ...fields, state: "draft", position: await nextProjectPosition(trx) });
        await replaceGallery(trx, id, gallery);
        row = (await getProject(trx, id))!;
        await recordAudit(trx, {
          entity: "project",
          entityId: id,
          action: "project.created",
          detail: describe({ ...fields, state: "draft", position: row.position }, gallery.length),
          actor: actor.username,
          actorId: actor.id,
        });
      } else if (row.state === "draft" && value.intent !== "publish") {
        // Not public yet: its row follows its newest words (the staff list, the address it keeps).
        await writeProjectRow(trx, row, document, "draft", actor.username);
      }
      await writeRevision(
        trx,
        projectContent,
        row.id,
        { document, intent: value.intent as ContentIntent, publishAt: checked.publishAt },
        actor,
        current ? {} : { original: null },
      );
      return (await getProject(trx, row.id))!;
    });
    if (value.intent === "publish") projectContent.published();
    logger.info({ event: "project.saved", project_id: saved.id, intent: value.intent }, "Project saved");
    const { state } = stateOf(await listRevisions(getDb(), contentKey("project", saved.id)), nowIsoString());
    return { record: saved, state };
  } catch (error) {
    for (const image of stored) await deleteImage(image.key);
    throw error;
  }
}

/** Takes a published project off the public site (its words and history stay). Publishers only. */
async function unpublishProject(current: ProjectRecord, actor: Actor): Promise<ProjectRecord> {
  if (!(await mayPublishContent(actor))) throw new ContentRefusal(PUBLISH_REFUSED);
  const record = await projectContent.transaction(async (trx) => {
    await updateProject(trx, current.id, { ...current, state: "draft" }, true);
    const record = (await getProject(trx, current.id))!;
    await indexProject(trx, record);
    await recordAudit(trx, {
      entity: "project",
      entityId: current.id,
      action: "project.unpublished",
      detail: describe(record, record.gallery.length),
      actor: actor.username,
      actorId: actor.id,
    });
    await notePublicChange(trx);
    return record;
  });
  projectContent.published();
  return record;
}

/** What the staff-only preview shows: the project as it will be once its newest words are published. */
export async function previewProject(
  id: number,
): Promise<{ project: Project & { bodyHtml: string }; state: PageState } | undefined> {
  const editing = await rowForEditing(projectContent, id);
  if (!editing) return undefined;
  const { fields, gallery } = projectFromDocument(editing.document);
  const view = projectView({ ...fields, gallery: gallery.map((p, i) => ({ ...p, id: i + 1, position: i + 1 })) });
  return { project: { ...view, bodyHtml: bodyHtml(fields.body) }, state: editing.state };
}

/** A project's history, a version compared with the live words, a restore (content-revisions.server.ts). */
export async function projectHistory(id: number): Promise<RevisionEntry[]> {
  return revisionHistory(getDb(), contentKey("project", id));
}

export function compareProjectRevision(id: number, revisionId: number) {
  return compareRowRevision(projectContent, id, revisionId);
}

export function restoreProjectRevision(id: number, revisionId: number, publish: boolean, actor: Actor) {
  return restoreRowRevision(projectContent, id, revisionId, publish, actor);
}

/** Every project's words as its first revision (the seed; idempotent). */
export async function seedProjectRevisions(db: DB = getDb()): Promise<number> {
  const rows = await listProjects(db);
  return seedRowRevisions(
    projectContent,
    rows.map((row) => row.id),
    db,
  );
}

/** The gallery the form asks for: kept pictures in their new order (removed ones out), then the new ones. */
async function galleryFrom(
  value: ProjectFormValue,
  current: StoredPicture[],
  keep: (file: File | undefined, field: string) => Promise<StoredImage | undefined>,
): Promise<StoredPicture[]> {
  // A kept picture's id on the form is its place in the words being edited (1, 2, ...).
  const byId = new Map(current.map((picture, i) => [i + 1, picture]));
  const kept = value.gallery
    .map((field, index) => ({ field, index, picture: byId.get(field.id) }))
    .filter((entry) => entry.picture && !entry.field.remove)
    .sort((a, b) => (a.field.position ?? a.index + 1) - (b.field.position ?? b.index + 1) || a.index - b.index)
    .map(({ field, picture }): StoredPicture => ({
      src: picture!.src,
      upload: picture!.upload,
      widths: picture!.widths,
      alt: field.decorative ? "" : (field.alt ?? ""),
      decorative: field.decorative,
    }));
  const added: StoredPicture[] = [];
  for (const [i, slot] of value.new_pictures.entries()) {
    const image = await keep(slot.file, `new_pictures[${i}].file`);
    if (image) added.push(uploadedPicture(image, slot.alt, slot.decorative));
  }
  return [...kept, ...added];
}
