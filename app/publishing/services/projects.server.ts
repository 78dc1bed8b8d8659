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
  type GalleryPicture,
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
import { checkContent } from "~/publishing/utils/content-checks";
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

function projectView(record: ProjectRecord): Project {
  return {
    slug: record.slug,
    title: record.title,
    summary: record.summary,
    status: record.status,
    image: record.card ? pictureView(record.card) : null,
    gallery: record.gallery.map(pictureView).filter((picture): picture is ProjectPicture => picture !== null),
  };
}

/** The published projects in list order; Recent Projects asks for the Active ones. */
export async function publicProjects(filter: { status?: ProjectStatus } = {}): Promise<Project[]> {
  return (await listProjects(getDb(), { publishedOnly: true, status: filter.status })).map(projectView);
}

/** A published project's page: the project and its body as HTML (raw HTML off). */
export async function publicProject(slug: string): Promise<(Project & { bodyHtml: string }) | undefined> {
  const record = await getProjectBySlug(getDb(), slug);
  if (!record || record.state !== "published") return undefined;
  return { ...projectView(record), bodyHtml: record.body.trim() ? renderMarkdown(record.body) : "" };
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

export async function projectForEdit(
  id: number,
): Promise<
  { project: ProjectRecord; history: AuditEvent[]; pictures: Record<number, ProjectPicture | null> } | undefined
> {
  const db = getDb();
  const project = await getProject(db, id);
  if (!project) return undefined;
  const pictures: Record<number, ProjectPicture | null> = {};
  for (const picture of project.gallery) pictures[picture.id] = pictureView({ ...picture, decorative: false });
  return { project, history: await listAudit(db, "project", id), pictures };
}

/** The card picture as the staff form shows it beside its fields. */
export function cardPreview(project: ProjectRecord): ProjectPicture | null {
  return project.card ? pictureView({ ...project.card, decorative: false }) : null;
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

/**
 * Saves a project from the staff form: a new one (no `id`) or changes to one. `publish` makes it
 * public (Publish), otherwise it is kept as a draft, off the public site (Save draft). Uploaded
 * pictures go through the image pipeline first; a refusal leaves none behind. A changed address
 * records a 301 from the old one. Refused (ProjectRefusal, RedirectRefusal) with a message.
 */
export async function saveProject(
  value: ProjectFormValue,
  actor: Actor,
  options: { id?: number } = {},
): Promise<ProjectRecord> {
  if (!mayEditProjects(actor.role)) throw new ProjectRefusal("Only editors and admins write projects", 409);
  if (value.intent === "publish") {
    // The page prints the title as its h1: the body's headings start at h2.
    const problems = checkContent(value.body ?? "", { titleIsH1: true, field: "Body" });
    if (problems.length > 0) throw new ProjectContentRefusal(problems.map((problem) => problem.message));
  }
  const db = getDb();
  const current = options.id === undefined ? undefined : await getProject(db, options.id);
  if (options.id !== undefined && !current) throw new ProjectRefusal("This project no longer exists", 404);
  if (await projectSlugTaken(db, value.slug, current?.id)) {
    throw new ProjectRefusal("Another project has this address: choose another", 409);
  }
  if (!value.card_file && !current?.card) throw new ProjectRefusal("Choose a card picture", 400);

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
          ...current!.card!,
          alt: value.card_decorative ? "" : (value.card_alt ?? ""),
          decorative: value.card_decorative,
        };
    const gallery = await galleryFrom(value, current?.gallery ?? [], keep);
    const replacedUploads = [current?.card, ...(current?.gallery ?? [])]
      .map((picture) => picture?.upload)
      .filter((key): key is string => !!key)
      .filter((key) => key !== card.upload && !gallery.some((picture) => picture.upload === key));

    const fields: ProjectFields = {
      slug: value.slug,
      title: value.title,
      summary: value.summary,
      status: value.status,
      body: value.body ?? "",
      state: value.intent === "publish" ? "published" : "draft",
      position: current?.position ?? 0,
      inMenu: value.in_menu,
      inFooter: value.in_footer,
      card,
    };
    const saved = await immediateTransaction(
      db,
      async (trx) => {
        let id = current?.id;
        if (current) {
          await updateProject(trx, current.id, fields, current.state === "published");
        } else {
          id = await insertProject(trx, { ...fields, position: await nextProjectPosition(trx) });
        }
        await replaceGallery(trx, id!, gallery);
        // The address is this project's now (live once published): no redirect leads away from it.
        await deleteRedirectFrom(trx, projectPath(fields.slug));
        if (current && current.slug !== fields.slug) {
          await recordRedirect(trx, projectPath(current.slug), projectPath(fields.slug), {
            origin: "automatic",
            actor: actor.username,
          });
        }
        const record = (await getProject(trx, id!))!;
        await indexProject(trx, record);
        await notePublicChange(trx);
        await recordAudit(trx, {
          entity: "project",
          entityId: id!,
          action: current
            ? fields.state === "published" && current.state !== "published"
              ? "project.published"
              : fields.state === "draft" && current.state === "published"
                ? "project.unpublished"
                : "project.updated"
            : fields.state === "published"
              ? "project.created_published"
              : "project.created_draft",
          detail:
            current && current.slug !== fields.slug
              ? `${describe(fields, gallery.length)}; address was ${projectPath(current.slug)} (now redirects)`
              : describe(fields, gallery.length),
          actor: actor.username,
          actorId: actor.id,
        });
        await afterCommit(trx, () => keptLinks.delete(db));
        return record;
      },
      { lockKey: ADDRESS_LOCK },
    );
    keptLinks.delete(db);
    pagesChanged("project");
    for (const key of replacedUploads) await deleteImage(key);
    logger.info({ event: current ? "project.updated" : "project.created", project_id: saved.id }, "Project saved");
    return saved;
  } catch (error) {
    for (const image of stored) await deleteImage(image.key);
    throw error;
  }
}

/** The gallery the form asks for: kept pictures in their new order (removed ones out), then the new ones. */
async function galleryFrom(
  value: ProjectFormValue,
  current: GalleryPicture[],
  keep: (file: File | undefined, field: string) => Promise<StoredImage | undefined>,
): Promise<StoredPicture[]> {
  const byId = new Map(current.map((picture) => [picture.id, picture]));
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
