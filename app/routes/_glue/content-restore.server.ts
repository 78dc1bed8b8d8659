// Route glue (app/routes/_glue/, never a route): the Restore buttons of a page's, a project's or
// a publication's history and of a version's comparison (docs/site-editor.md). The restore is a new
// version: a draft, or published at once when the person may publish and the words pass the checks.
// The door (staffAction) opens first, before the page or record is looked up, so a cross-site post
// is refused with 403 whatever the address names.
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { ContentRefusal, restoreRevision, type ContentSaveResult as SaveResult } from "~/publishing/index.server";
import { sitePageDef } from "~/publishing/schemas/site-pages";
import type { User } from "~/staff/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { notFound } from "~/utils/http";
import { parseRecordId, requireRecordId } from "~/utils/record-id";
import { staffAction } from "./action-guard.server";
import { historyKinds, type HistoryKind } from "./content-history.server";
import { savedRedirect } from "./saved.server";

interface RestoreTarget {
  restore: (revision: number, publish: boolean, user: User) => Promise<SaveResult>;
  historyPath: string;
}

async function restoreContent(
  request: Request,
  section: "pages" | "projects" | "publications",
  target: () => RestoreTarget,
) {
  const { user, form } = await staffAction(request, section);
  const { restore, historyPath } = target();
  const revision = parseRecordId(String(form.get("revision") ?? ""));
  if (revision === null) return json({ error: "Choose a version to restore." }, { status: 400 });
  const publish = form.get("publish") === "yes";
  try {
    const result = await restore(revision, publish, user);
    if (!result.ok) {
      const problems = result.problems.map((p) => p.message).join(" ");
      return json(
        { error: `Those words cannot be published as they are: ${problems} Restore them as a draft and fix them.` },
        { status: 400 },
      );
    }
  } catch (error) {
    if (!(error instanceof ContentRefusal)) throw error;
    return json({ error: error.message }, { status: error.status });
  }
  return savedRedirect(historyPath, publish ? "content-restored-published" : "content-restored-draft");
}

/** A page's Restore buttons (its history and a revision's comparison). */
export async function restorePageAction(request: Request, key: string | undefined) {
  return restoreContent(request, "pages", () => {
    const def = sitePageDef(key);
    if (!def) throw notFound("There is no such page.");
    return {
      restore: (revision, publish, user) => restoreRevision(def.key, revision, publish, user),
      historyPath: adminPaths.sitePageHistory(def.key),
    };
  });
}

/** A project's or a publication's Restore buttons. */
export async function contentRestoreAction(request: Request, kind: HistoryKind, params: ActionFunctionArgs["params"]) {
  const k = historyKinds[kind];
  return restoreContent(request, kind, () => {
    const id = requireRecordId(params.id, `No such ${k.noun}`);
    return {
      restore: (revision, publish, user) => k.restore(id, revision, publish, user),
      historyPath: k.historyPath(id),
    };
  });
}
