import type { RevisionEntry } from "~/publishing/schemas/site-pages";
import { now, nowIsoString } from "~/infra/clock.server";
import { getDb, notePublicChange, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { renderMarkdown } from "~/infra/markdown.server";
import { getCharitySettings, pagesChanged, recordAudit } from "~/site/index.server";
import type { User } from "~/staff/index.server";
import { charityWords } from "~/utils/charity-text";
import { checkContent, type ContentProblem } from "~/publishing/utils/content-checks";
import {
  sitePageDef,
  sitePages,
  type PageDocument,
  type ShownPage,
  type SitePageDef,
  type SitePageIntent,
  undescribedPictures,
} from "~/publishing/schemas/site-pages";
import {
  countRevisions,
  getRevision,
  latestRevisions,
  listRevisions,
  liveRevision,
  liveRevisions,
  nextPagePublishAfter,
  type PageRevision,
  type RevisionKind,
} from "~/publishing/models/site-pages.server";
import { seedDocument } from "./site-page-defaults.server";
import {
  ContentRefusal,
  addRevision,
  documentLines,
  keepOriginal,
  lineDiff,
  mayPublishContent,
  restoredNote,
  revisionHistory,
  stateOf,
  type DiffLine,
  type PageState,
} from "./content-revisions.server";

export { editorsMayPublish, setEditorsMayPublish, EDITORS_PUBLISH_SETTING } from "./content-revisions.server";
export { documentLines, lineDiff, type DiffLine };
import { indexSitePages } from "./search.server";

/**
 * The charity's own pages (issue 52, docs/site-editor.md): drafts, publishing now or at a UK
 * time, a staff-only preview, the history of revisions (compare, restore), who may publish, and
 * the content checks a page passes before it goes public.
 *
 * Visitors see a page's live revision: the newest published one whose time has come, read at
 * request time, so a scheduled publish needs no job; cached pages end at the next scheduled
 * publish (nextScheduledPublish, news service). A page never saved shows the words it was seeded
 * with (site-page-defaults.server.ts). Every write notes a public change in its transaction, so
 * other instances drop their cached pages at once (PostgreSQL's change counter; SQLite's
 * data_version), and drops this process's cached copies (pagesChanged) once committed.
 */

type Actor = Pick<User, "id" | "username" | "role">;

/** Whether `actor` may publish `def` (now, at a time, or a restore made public). */
export async function mayPublishPage(actor: Pick<User, "role">, def: SitePageDef): Promise<boolean> {
  return mayPublishContent(actor, Boolean(def.legal));
}

/** Why a page may not be changed as asked: a message for the form, and the HTTP status. */
export class PageRefusal extends ContentRefusal {
  override name = "PageRefusal";
}

function requireDef(key: string): SitePageDef {
  const def = sitePageDef(key);
  if (!def) throw new PageRefusal("There is no such page.", 404);
  return def;
}

// ---- What visitors see ----

/** The page's live document: its newest published revision whose time has come, else its seed. */
export async function liveDocument(key: string, db: DB = getDb()): Promise<PageDocument> {
  const live = await liveRevision(db, key, nowIsoString());
  return live?.document ?? seedDocument(key);
}

export type { ShownPage };

/** `document` ready to show: charity details in, each Markdown field also rendered (`bodyHtml`). */
export async function shownPage(def: SitePageDef, document: PageDocument): Promise<ShownPage> {
  const charity = await getCharitySettings();
  const words = charityWords(document, charity);
  const fields: Record<string, string> = {};
  for (const field of def.fields) {
    const value = words.fields[field.name] ?? "";
    fields[field.name] = value;
    if (field.kind === "markdown") fields[`${field.name}Html`] = renderMarkdown(value);
  }
  const lists: Record<string, Record<string, string>[]> = {};
  for (const list of def.lists) {
    lists[list.name] = (words.lists[list.name] ?? []).map((item) => {
      const shown: Record<string, string> = {};
      for (const field of list.fields) {
        shown[field.name] = item[field.name] ?? "";
        if (field.kind === "markdown") shown[`${field.name}Html`] = renderMarkdown(shown[field.name]);
      }
      // A picture marked decorative is shown with an empty description (alt=""), by choice.
      for (const field of list.fields) {
        if (field.picture && shown[field.picture.decorative] === "on") shown[field.picture.alt] = "";
      }
      return shown;
    });
  }
  return { fields, lists };
}

/** What a public route shows of page `key`: its live words, ready to show. */
export async function publicSitePage(key: string): Promise<ShownPage> {
  const def = requireDef(key);
  return shownPage(def, await liveDocument(key));
}

/**
 * What the staff-only preview shows: the page as it will be once its newest draft (or schedule) is
 * published; or, given `unsaved` (the edit form's words as typed, never saved), those words, with
 * what would stop them from being published (the content checks).
 */
export async function previewSitePage(
  key: string,
  unsaved?: PageDocument,
): Promise<{ def: SitePageDef; page: ShownPage; state: string; problems: string[] }> {
  const def = requireDef(key);
  if (unsaved) {
    const problems = pageProblems(def, unsaved).map((problem) => problem.message);
    return { def, page: await shownPage(def, unsaved), state: "unsaved", problems };
  }
  const editing = await pageForEditing(key);
  return { def, page: await shownPage(def, editing.document), state: editing.state, problems: [] };
}

/** When the next scheduled page publish happens (ISO), for the page cache's bound. */
export async function nextPagePublish(after: string, db: DB = getDb()): Promise<string | null> {
  return nextPagePublishAfter(db, after);
}

/** For the sitemap: the address of each page published since it was seeded, and when. */
export async function sitemapSitePages(): Promise<{ path: string; lastmod: string }[]> {
  const live = await liveRevisions(getDb(), nowIsoString());
  return live.flatMap((revision) => {
    const def = sitePageDef(revision.pageKey);
    return def && revision.kind !== "original" ? [{ path: def.path, lastmod: revision.publishAt! }] : [];
  });
}

// ---- What staff see ----

export type { PageState };

export interface PageListEntry {
  key: string;
  label: string;
  path: string;
  group: SitePageDef["group"];
  legal: boolean;
  state: PageState;
  /** When a scheduled publish happens (ISO). */
  scheduledFor: string | null;
  lastSavedAt: string | null;
  lastSavedBy: string | null;
}

/** The staff list: every page, where it stands, who saved it last. */
export async function staffPageList(): Promise<PageListEntry[]> {
  const db = getDb();
  const at = nowIsoString();
  const latest = new Map((await latestRevisions(db)).map((r) => [r.pageKey, r]));
  const entries: PageListEntry[] = [];
  for (const def of sitePages) {
    const newest = latest.get(def.key);
    const { state, scheduledFor } = newest ? stateOf(await listRevisions(db, def.key), at) : stateOf([], at);
    entries.push({
      key: def.key,
      label: def.label,
      path: def.path,
      group: def.group,
      legal: Boolean(def.legal),
      state,
      scheduledFor,
      lastSavedAt: newest && newest.kind !== "original" ? newest.createdAt : null,
      lastSavedBy: newest && newest.kind !== "original" ? newest.createdBy : null,
    });
  }
  return entries;
}

/**
 * What the edit form starts from: the newest draft when it is newer than every publish, else a
 * scheduled publish's words, else the live words.
 */
export async function pageForEditing(key: string): Promise<{
  def: SitePageDef;
  document: PageDocument;
  live: PageDocument;
  state: PageState;
  scheduledFor: string | null;
  editingRevision: number | null;
}> {
  const def = requireDef(key);
  const db = getDb();
  const at = nowIsoString();
  const revisions = await listRevisions(db, key);
  const live = (await liveRevision(db, key, at))?.document ?? seedDocument(key);
  const { state, scheduledFor } = stateOf(revisions, at);
  const newest = revisions[0];
  const scheduled = revisions.find((r) => r.publishAt !== null && r.publishAt > at);
  const source =
    newest && (state === "draft" || state === "submitted") ? newest : state === "scheduled" ? scheduled : undefined;
  return {
    def,
    document: source?.document ?? live,
    live,
    state,
    scheduledFor,
    editingRevision: source?.id ?? null,
  };
}

/** The problems that stop `document` of `def` from being published (each Markdown field checked). */
export function pageProblems(def: SitePageDef, document: PageDocument): (ContentProblem & { field: string })[] {
  const problems: (ContentProblem & { field: string })[] = [];
  for (const field of def.fields) {
    if (field.kind !== "markdown") continue;
    for (const problem of checkContent(document.fields[field.name] ?? "", { ...field.check, field: field.label })) {
      problems.push({ ...problem, field: `fields.${field.name}` });
    }
  }
  for (const list of def.lists) {
    (document.lists[list.name] ?? []).forEach((item, i) => {
      for (const field of list.fields) {
        if (field.kind !== "markdown") continue;
        const label = `${list.itemLabel} ${i + 1}, ${field.label.toLowerCase()}`;
        for (const problem of checkContent(item[field.name] ?? "", { ...field.check, field: label })) {
          problems.push({ ...problem, field: `lists.${list.name}[${i}].${field.name}` });
        }
      }
      for (const field of undescribedPictures(list, item)) {
        problems.push({
          code: "image-alt",
          message: `${list.itemLabel} ${i + 1}: the picture has no description (alt text) and is not marked decorative.`,
          field: `lists.${list.name}[${i}].${field.picture!.alt}`,
        });
      }
    });
  }
  return problems;
}

export type SaveResult =
  | { ok: true; revision: PageRevision; state: PageState }
  | { ok: false; problems: (ContentProblem & { field: string })[] };

const AUDIT_ACTION: Record<SitePageIntent, string> = {
  draft: "page.draft-saved",
  submit: "page.submitted",
  publish: "page.published",
  schedule: "page.scheduled",
};

/** Writes the page's original words as its first revision, when it has none yet (in `trx`). */
async function keepPageOriginal(trx: DB, key: string, at: string): Promise<void> {
  await keepOriginal(trx, key, seedDocument(key), at);
}

/**
 * Saves a page: a draft, a draft submitted for review, published now, or published at
 * `publishAt` (UTC ISO, in the future). Publishing checks the words first (content checks) and
 * the person's right to publish (PageRefusal). Every save is a new revision, audited.
 */
export async function savePage(
  key: string,
  input: { document: PageDocument; intent: SitePageIntent; publishAt?: string | null; note?: string | null },
  actor: Actor,
  options: { kind?: RevisionKind; auditAction?: string } = {},
): Promise<SaveResult> {
  const def = requireDef(key);
  const { intent } = input;
  const publishing = intent === "publish" || intent === "schedule";
  if (publishing && !(await mayPublishPage(actor, def))) {
    throw new PageRefusal(
      def.legal
        ? `Only an admin can publish the ${def.label}. Save a draft or submit it for review.`
        : "Your role does not publish pages. Save a draft or submit it for review; an admin publishes it (or lets editors publish in Settings).",
    );
  }
  if (publishing) {
    const problems = pageProblems(def, input.document);
    if (problems.length > 0) return { ok: false, problems };
  }
  const at = nowIsoString();
  let publishAt: string | null = null;
  if (intent === "publish") publishAt = at;
  if (intent === "schedule") {
    if (!input.publishAt || input.publishAt <= at) {
      throw new PageRefusal("Choose a date and time still to come, or press Publish to publish now.", 409);
    }
    publishAt = input.publishAt;
  }
  const revision = await getDb()
    .transaction()
    .execute(async (trx) => {
      const saved = await addRevision(
        trx,
        key,
        (await countRevisions(trx, key)) > 0 ? null : seedDocument(key),
        { document: input.document, intent, publishAt, note: input.note },
        actor,
        { kind: options.kind },
      );
      await recordAudit(trx, {
        entity: "page",
        entityId: saved.id,
        action: options.auditAction ?? AUDIT_ACTION[intent],
        detail: [def.label, input.note, intent === "schedule" ? `for ${publishAt}` : null].filter(Boolean).join(": "),
        actor: actor.username,
        actorId: actor.id,
      });
      if (publishing) {
        await notePublicChange(trx);
        if (intent === "publish") await indexSitePages(trx);
      }
      return saved;
    });
  if (publishing) pagesChanged("site-pages");
  logger.info({ event: "page.saved", page: key, intent, revision_id: revision.id }, "Site page saved");
  const { state } = stateOf(await listRevisions(getDb(), key), nowIsoString());
  return { ok: true, revision, state };
}

/**
 * Restores an earlier revision's words as a new revision: a draft (`publish` false), or published
 * at once (`publish` true, with the right to publish and the content checks). The earlier
 * revision stays as it was.
 */
export async function restoreRevision(
  key: string,
  revisionId: number,
  publish: boolean,
  actor: Actor,
): Promise<SaveResult> {
  requireDef(key);
  const earlier = await getRevision(getDb(), key, revisionId);
  if (!earlier) throw new PageRefusal("There is no such revision of this page.", 404);
  return savePage(
    key,
    {
      document: earlier.document,
      intent: publish ? "publish" : "draft",
      note: await restoredNote(getDb(), key, earlier),
    },
    actor,
    { kind: "restored", auditAction: "page.restored" },
  );
}

export type { RevisionEntry };

/** The page's history: every revision, newest first, the live one marked. */
export async function pageHistory(key: string): Promise<{ def: SitePageDef; revisions: RevisionEntry[] }> {
  const def = requireDef(key);
  return { def, revisions: await revisionHistory(getDb(), key) };
}

/** Revision `revisionId` compared with the live words: the lines the revision would take away and add. */
export async function compareWithLive(
  key: string,
  revisionId: number,
): Promise<{ def: SitePageDef; revision: RevisionEntry; diff: DiffLine[]; same: boolean }> {
  const { def, revisions } = await pageHistory(key);
  const entry = revisions.find((r) => r.id === revisionId);
  const revision = await getRevision(getDb(), key, revisionId);
  if (!entry || !revision) throw new PageRefusal("There is no such revision of this page.", 404);
  const live = await liveDocument(key);
  const diff = lineDiff(documentLines(def, live), documentLines(def, revision.document));
  return { def, revision: entry, diff, same: diff.every((line) => line.op === "same") };
}

/** Writes every page's original words as its first revision (the seed script; idempotent). */
export async function seedSitePages(db: DB = getDb()): Promise<number> {
  let seeded = 0;
  const at = new Date(now()).toISOString();
  for (const def of sitePages) {
    await db.transaction().execute(async (trx) => {
      if ((await countRevisions(trx, def.key)) > 0) return;
      await keepPageOriginal(trx, def.key, at);
      seeded++;
    });
  }
  return seeded;
}
