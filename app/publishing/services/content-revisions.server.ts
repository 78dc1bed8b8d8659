import type { RevisionEntry } from "~/publishing/schemas/site-pages";
import type { PageDocument } from "~/publishing/schemas/site-pages";
import { nowIsoString } from "~/infra/clock.server";
import { getDb, notePublicChange, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { recordAudit, setSettingSwitch, settingSwitchOn } from "~/site/index.server";
import type { User } from "~/staff/index.server";
import type { ContentProblem } from "~/publishing/utils/content-checks";
import {
  cancelScheduled,
  countRevisions,
  dueRevisions,
  getRevision,
  insertRevision,
  listRevisions,
  liveRevision,
  markApplied,
  type PageRevision,
  type RevisionKind,
} from "~/publishing/models/site-pages.server";

/**
 * The editing cycle every kind of site content shares (issue 52, docs/site-editor.md,
 * docs/decisions/0047): every save is a revision with who and when (site_page_revisions); a
 * publish now or at a UK time; who may publish; where a piece of content stands; its history, a
 * revision compared with the live words, and a restore that is itself a revision.
 *
 * Pages choose their live revision at read time (site-pages.server.ts). Projects and publications
 * keep their live words in their own rows, which the public pages, menu, sitemap and search read:
 * a `RowContent` says how a row is written as a document and how a document is published into
 * it. A publish at a later time waits (`apply_pending`) until the first public read after it
 * (applyDue), so no job is needed and the page cache's bound (the next scheduled publish of any
 * revision, nextPagePublishAfter) already ends cached pages at that instant.
 */

export type Actor = Pick<User, "id" | "username" | "role">;

export type ContentIntent = "draft" | "submit" | "publish" | "schedule";

/** Where a piece of content stands, in words the lists show. */
export type PageState = "original" | "published" | "draft" | "submitted" | "scheduled";

/** The Settings switch that lets editors publish pages, projects and publications (legal pages still need an admin). */
export const EDITORS_PUBLISH_SETTING = "editorsPublishPages";

export async function editorsMayPublish(db: DB = getDb()): Promise<boolean> {
  return settingSwitchOn(EDITORS_PUBLISH_SETTING, false, db);
}

export async function setEditorsMayPublish(on: boolean, actor: string): Promise<boolean> {
  return setSettingSwitch({ key: EDITORS_PUBLISH_SETTING, label: "Editors publish pages", absent: false, on }, actor);
}

/** Whether `actor` may publish (now, at a time, or a restore made public): admins, and editors when allowed. */
export async function mayPublishContent(actor: Pick<User, "role">, legal = false): Promise<boolean> {
  if (actor.role === "admin") return true;
  if (legal || actor.role !== "editor") return false;
  return editorsMayPublish();
}

export const PUBLISH_REFUSED =
  "Your role does not publish. Save a draft or submit it for review; an admin publishes it (or lets editors publish in Settings).";

/** Where content stands, from its revisions (newest first): a draft newer than every publish is pending; a future publish is scheduled. */
export function stateOf(revisions: PageRevision[], at: string): { state: PageState; scheduledFor: string | null } {
  const scheduled = revisions.find((r) => r.publishAt !== null && r.publishAt > at);
  const newest = revisions[0];
  if (!newest) return { state: "original", scheduledFor: null };
  if (
    newest.publishAt === null &&
    (newest.kind === "submitted" || newest.kind === "draft" || newest.kind === "restored")
  ) {
    return { state: newest.kind === "submitted" ? "submitted" : "draft", scheduledFor: scheduled?.publishAt ?? null };
  }
  if (scheduled) return { state: "scheduled", scheduledFor: scheduled.publishAt };
  return { state: newest.kind === "original" ? "original" : "published", scheduledFor: null };
}

/** What an edit form starts from: the newest draft when newer than every publish, else a scheduled publish's words. */
export function editingSource(revisions: PageRevision[], at: string): PageRevision | undefined {
  const { state } = stateOf(revisions, at);
  if (state === "draft" || state === "submitted") return revisions[0];
  if (state === "scheduled") return revisions.find((r) => r.publishAt !== null && r.publishAt > at);
  return undefined;
}

/** The history of `key`: every revision, newest first, the live one marked. */
export async function revisionHistory(db: DB, key: string): Promise<RevisionEntry[]> {
  const at = nowIsoString();
  const live = await liveRevision(db, key, at);
  const revisions = await listRevisions(db, key);
  return revisions.map((r, i) => ({
    id: r.id,
    number: revisions.length - i,
    kind: r.kind,
    createdAt: r.createdAt,
    createdBy: r.createdBy,
    publishAt: r.publishAt,
    publishedBy: r.publishedBy,
    note: r.note,
    live: r.id === live?.id,
    scheduled: r.publishAt !== null && r.publishAt > at,
  }));
}

/** The fields and lists of a kind of content, by label, for comparing two documents line by line. */
export interface DocumentShape {
  fields: readonly { name: string; label: string }[];
  lists: readonly { name: string; itemLabel: string; fields: readonly { name: string; label: string }[] }[];
}

/** A shape's fields from their labels by name, in this order. */
export const labelled = (labels: Record<string, string>) =>
  Object.entries(labels).map(([name, label]) => ({ name, label }));

/** A document as lines of text, field by field, for comparing two revisions. */
export function documentLines(shape: DocumentShape, document: PageDocument): string[] {
  const lines: string[] = [];
  for (const field of shape.fields) {
    lines.push(`[${field.label}]`, ...(document.fields[field.name] ?? "").split("\n"), "");
  }
  for (const list of shape.lists) {
    (document.lists[list.name] ?? []).forEach((item, i) => {
      for (const field of list.fields) {
        lines.push(`[${list.itemLabel} ${i + 1}: ${field.label}]`, ...(item[field.name] ?? "").split("\n"));
      }
      lines.push("");
    });
  }
  return lines;
}

export type DiffLine = { op: "same" | "added" | "removed"; text: string };

/** A line diff (longest common subsequence): what `after` removed from and added to `before`. */
export function lineDiff(before: string[], after: string[]): DiffLine[] {
  const n = before.length;
  const m = after.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i][j] = before[i] === after[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      out.push({ op: "same", text: before[i] });
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) out.push({ op: "removed", text: before[i++] });
    else out.push({ op: "added", text: after[j++] });
  }
  while (i < n) out.push({ op: "removed", text: before[i++] });
  while (j < m) out.push({ op: "added", text: after[j++] });
  return out;
}

// ---- Content kept in its own row (projects, publications) ----

/** A kind of content whose live words are a row: how it is read as a document and published into its row. */
export interface RowContent {
  /** The revisions' key prefix and the audit entity: "project", "publication". */
  entity: "project" | "publication";
  shape: DocumentShape;
  /** The row's words now, as a document (its original revision); undefined when the row is gone. */
  rowDocument(db: DB, id: number): Promise<PageDocument | undefined>;
  /** What stops `document` from being published (content checks), each problem with its form field. */
  problems(document: PageDocument): (ContentProblem & { field: string })[];
  /** Copies `document` into row `id` and makes it public (in the caller's transaction). */
  publish(trx: DB, id: number, document: PageDocument, actor: string): Promise<void>;
  /** Runs `work` in the transaction the row's writes need (e.g. the address lock). */
  transaction<T>(work: (trx: DB) => Promise<T>): Promise<T>;
  /** After a publish is committed: drops this process's cached copies. */
  published(): void;
}

export const contentKey = (entity: RowContent["entity"], id: number) => `${entity}:${id}`;

/** Why content may not be changed as asked: a message for the form, and the HTTP status. */
export class ContentRefusal extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409 = 403,
  ) {
    super(message);
    this.name = "ContentRefusal";
  }
}

/** The original words' publish time: live before any edit (never a "next publish" for the page cache). */
export const ORIGINAL_PUBLISH_AT = "1970-01-01T00:00:00.000Z";

/** A restored version's note: the version it came from, by its number in the history, and that version's day. */
export async function restoredNote(db: DB, key: string, earlier: PageRevision): Promise<string> {
  return `Restored from version ${await countRevisions(db, key, earlier.id)} (${earlier.createdAt.slice(0, 10)})`;
}

/** Writes `document` as the first revision of `key` ("Original words") when it has none yet. */
export async function keepOriginal(trx: DB, key: string, document: PageDocument, at: string): Promise<boolean> {
  if ((await countRevisions(trx, key)) > 0) return false;
  await insertRevision(trx, {
    pageKey: key,
    document,
    createdAt: at,
    createdBy: "site",
    createdById: null,
    kind: "original",
    publishAt: ORIGINAL_PUBLISH_AT,
    publishedBy: null,
    note: "Original words",
  });
  return true;
}

const INTENT_KIND: Record<ContentIntent, RevisionKind> = {
  draft: "draft",
  submit: "submitted",
  publish: "published",
  schedule: "published",
};

/**
 * Checks a save before anything is written: the right to publish (ContentRefusal), the publish
 * time (still to come), the content checks. Returns the publish time, or the problems.
 */
export async function checkSave(
  content: RowContent,
  input: { document: PageDocument; intent: ContentIntent; publishAt?: string | null },
  actor: Pick<User, "role">,
): Promise<{ ok: true; publishAt: string | null } | { ok: false; problems: (ContentProblem & { field: string })[] }> {
  const publishing = input.intent === "publish" || input.intent === "schedule";
  if (publishing && !(await mayPublishContent(actor))) throw new ContentRefusal(PUBLISH_REFUSED);
  const at = nowIsoString();
  let publishAt: string | null = null;
  if (input.intent === "publish") publishAt = at;
  if (input.intent === "schedule") {
    if (!input.publishAt || input.publishAt <= at) {
      throw new ContentRefusal("Choose a date and time still to come, or press Publish to publish now.", 409);
    }
    publishAt = input.publishAt;
  }
  if (publishing) {
    const problems = content.problems(input.document);
    if (problems.length > 0) return { ok: false, problems };
  }
  return { ok: true, publishAt };
}

/**
 * The one way a save becomes a revision (in `trx`): the original words first when there are no
 * revisions yet, a publish (now or later) replacing any publish still to come, then the revision.
 */
export async function addRevision(
  trx: DB,
  key: string,
  original: PageDocument | null | undefined,
  input: { document: PageDocument; intent: ContentIntent; publishAt: string | null; note?: string | null },
  actor: Pick<User, "id" | "username">,
  options: { kind?: RevisionKind; applyPending?: boolean } = {},
): Promise<PageRevision> {
  const at = nowIsoString();
  if (original) await keepOriginal(trx, key, original, at);
  const publishing = input.intent === "publish" || input.intent === "schedule";
  if (publishing) await cancelScheduled(trx, key, at);
  return insertRevision(trx, {
    pageKey: key,
    document: input.document,
    createdAt: at,
    createdBy: actor.username,
    createdById: actor.id,
    kind: options.kind ?? INTENT_KIND[input.intent],
    publishAt: input.publishAt,
    publishedBy: publishing ? actor.username : null,
    note: input.note ?? null,
    // A row's publish at a later time waits to be copied into the row (pages are read at request time).
    applyPending: options.applyPending ?? false,
  });
}

/**
 * Writes a checked save of row `id` (in the caller's transaction): the row's words first as its
 * original revision when it has none, then the new revision; a publish now is copied into the
 * row at once, a publish later waits for its time. Audited; a publish notes a public change.
 */
export async function writeRevision(
  trx: DB,
  content: RowContent,
  id: number,
  input: { document: PageDocument; intent: ContentIntent; publishAt: string | null; note?: string | null },
  actor: Actor,
  /** `original`: the row's words before this save (default: read from the row); null for a new row. */
  options: { kind?: RevisionKind; auditAction?: string; original?: PageDocument | null } = {},
): Promise<PageRevision> {
  const original = options.original === undefined ? await content.rowDocument(trx, id) : options.original;
  const revision = await addRevision(trx, contentKey(content.entity, id), original, input, actor, {
    kind: options.kind,
    applyPending: input.intent === "schedule",
  });
  const publishing = input.intent === "publish" || input.intent === "schedule";
  if (input.intent === "publish") await content.publish(trx, id, input.document, actor.username);
  await recordAudit(trx, {
    entity: content.entity,
    entityId: id,
    action:
      options.auditAction ??
      `${content.entity}.${input.intent === "submit" ? "submitted" : input.intent === "draft" ? "draft-saved" : input.intent === "publish" ? "published" : "scheduled"}`,
    detail: [`revision ${revision.id}`, input.note, input.intent === "schedule" ? `for ${input.publishAt}` : null]
      .filter(Boolean)
      .join(": "),
    actor: actor.username,
    actorId: actor.id,
  });
  if (publishing) await notePublicChange(trx);
  return revision;
}

/**
 * Copies the scheduled publishes of `content` whose time has come into their rows: called by the
 * public reads, so the first read after the time (on any instance) shows the new words. One
 * instance copies each (markApplied in the same transaction); cheap when nothing is due.
 */
export async function applyDue(content: RowContent, db: DB = getDb()): Promise<number> {
  const at = nowIsoString();
  const prefix = `${content.entity}:`;
  const due = await dueRevisions(db, at, prefix);
  let applied = 0;
  for (const revision of due) {
    const id = Number(revision.pageKey.slice(prefix.length));
    try {
      const done = await content.transaction(async (trx) => {
        if (!(await markApplied(trx, revision.id))) return false;
        await content.publish(trx, id, revision.document, revision.publishedBy ?? "site");
        await notePublicChange(trx);
        return true;
      });
      if (done) applied++;
    } catch (error) {
      // A publish that can no longer be made (its address taken since): logged, the live words stay.
      logger.error({ event: `${content.entity}.scheduled-publish-failed`, revision_id: revision.id, err: error });
      await markApplied(db, revision.id);
    }
  }
  if (applied > 0) content.published();
  return applied;
}

/** The editing view of row `id`: the words the form starts from, the live words, where it stands. */
export async function rowForEditing(
  content: RowContent,
  id: number,
): Promise<
  | {
      document: PageDocument;
      live: PageDocument;
      state: PageState;
      scheduledFor: string | null;
      editingRevision: number | null;
    }
  | undefined
> {
  const db = getDb();
  const rowDocument = await content.rowDocument(db, id);
  if (!rowDocument) return undefined;
  const at = nowIsoString();
  const revisions = await listRevisions(db, contentKey(content.entity, id));
  const { state, scheduledFor } = stateOf(revisions, at);
  const source = editingSource(revisions, at);
  return {
    document: source?.document ?? rowDocument,
    live: rowDocument,
    state,
    scheduledFor,
    editingRevision: source?.id ?? null,
  };
}

/** Revision `revisionId` of row `id` compared with the live words. */
export async function compareRowRevision(
  content: RowContent,
  id: number,
  revisionId: number,
): Promise<{ revision: RevisionEntry; diff: DiffLine[]; same: boolean } | undefined> {
  const db = getDb();
  const key = contentKey(content.entity, id);
  const entry = (await revisionHistory(db, key)).find((r) => r.id === revisionId);
  const revision = await getRevision(db, key, revisionId);
  const live = await content.rowDocument(db, id);
  if (!entry || !revision || !live) return undefined;
  const diff = lineDiff(documentLines(content.shape, live), documentLines(content.shape, revision.document));
  return { revision: entry, diff, same: diff.every((line) => line.op === "same") };
}

export type SaveResult =
  { ok: true; revision: PageRevision } | { ok: false; problems: (ContentProblem & { field: string })[] };

/**
 * Restores an earlier revision of row `id` as a new revision: a draft, or published at once (with
 * the right to publish and the content checks). The earlier revision stays as it was.
 */
export async function restoreRowRevision(
  content: RowContent,
  id: number,
  revisionId: number,
  publish: boolean,
  actor: Actor,
): Promise<SaveResult> {
  const key = contentKey(content.entity, id);
  const earlier = await getRevision(getDb(), key, revisionId);
  if (!earlier) throw new ContentRefusal("There is no such version.", 404);
  const intent: ContentIntent = publish ? "publish" : "draft";
  const checked = await checkSave(content, { document: earlier.document, intent }, actor);
  if (!checked.ok) return checked;
  const note = await restoredNote(getDb(), key, earlier);
  const revision = await content.transaction((trx) =>
    writeRevision(
      trx,
      content,
      id,
      {
        document: earlier.document,
        intent,
        publishAt: checked.publishAt,
        note,
      },
      actor,
      { kind: "restored", auditAction: `${content.entity}.restored` },
    ),
  );
  if (publish) content.published();
  return { ok: true, revision };
}

/** Writes each row's words as its first revision (the seed script; idempotent). */
export async function seedRowRevisions(content: RowContent, ids: number[], db: DB = getDb()): Promise<number> {
  let seeded = 0;
  const at = nowIsoString();
  for (const id of ids) {
    const document = await content.rowDocument(db, id);
    if (document && (await keepOriginal(db, contentKey(content.entity, id), document, at))) seeded++;
  }
  return seeded;
}
