// Route glue (app/routes/_glue/, never a route): the history of a project or a publication and one
// of its versions compared with the live words (docs/site-editor.md), with their Restore buttons.
// The pages' own history routes read the same components (site-page-history.tsx).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import {
  compareProjectRevision,
  comparePublicationRevision,
  findPublication,
  mayPublishContent,
  projectForEdit,
  projectHistory,
  publicationVersions,
  restoreProjectRevision,
  restorePublicationRevision,
} from "~/publishing/index.server";
import { takeFlash } from "~/site/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { notFound } from "~/utils/http";
import { findRecordOr404, parseRecordId, requireRecordId } from "~/utils/record-id";
import { requireRole } from "./staff-guard.server";

/** What the history glue and the Restore action (content-restore.server.ts) know of each kind. */
export const historyKinds = {
  projects: {
    noun: "project",
    title: async (id: number) => (await projectForEdit(id))?.project.title,
    history: projectHistory,
    compare: compareProjectRevision,
    restore: restoreProjectRevision,
    edit: adminPaths.project,
    historyPath: adminPaths.projectHistory,
    comparePath: adminPaths.projectCompare,
  },
  publications: {
    noun: "publication",
    title: async (id: number) => (await findPublication(id))?.title,
    history: publicationVersions,
    compare: comparePublicationRevision,
    restore: restorePublicationRevision,
    edit: adminPaths.publication,
    historyPath: adminPaths.publicationHistory,
    comparePath: adminPaths.publicationCompare,
  },
} as const;

export type HistoryKind = keyof typeof historyKinds;

/** The history page's data: every version, newest first, and whether this person may publish a restore. */
export async function contentHistoryLoader(kind: HistoryKind, { request, params }: LoaderFunctionArgs) {
  const k = historyKinds[kind];
  const user = await requireRole(request, kind);
  const title = await findRecordOr404(params.id, k.title, `No such ${k.noun}`);
  const id = requireRecordId(params.id, `No such ${k.noun}`);
  const flash = await takeFlash(request);
  const revisions = await k.history(id);
  return json(
    {
      noun: k.noun,
      title,
      editPath: k.edit(id),
      comparePaths: Object.fromEntries(revisions.map((r) => [r.id, k.comparePath(id, r.id)])),
      revisions,
      mayPublish: await mayPublishContent(user),
      flash: flash.message,
    },
    { headers: flash.headers },
  );
}

/** One version compared with the live words. */
export async function contentCompareLoader(kind: HistoryKind, { request, params }: LoaderFunctionArgs) {
  const k = historyKinds[kind];
  const user = await requireRole(request, kind);
  const id = requireRecordId(params.id, `No such ${k.noun}`);
  const revisionId = parseRecordId(params.revision);
  const compared = revisionId === null ? undefined : await k.compare(id, revisionId);
  if (!compared) throw notFound("There is no such version.");
  return json({ noun: k.noun, historyPath: k.historyPath(id), ...compared, mayPublish: await mayPublishContent(user) });
}
