// Route glue (app/routes/_glue/, never a route): the Restore buttons of a page's history and of a
// revision's comparison (docs/site-editor.md). The restore is a new revision: a draft, or
// published at once when the person may publish and the words pass the content checks.
import { json } from "@remix-run/node";
import { PageRefusal, restoreRevision } from "~/publishing/index.server";
import { sitePageDef } from "~/publishing/schemas/site-pages";
import { adminPaths } from "~/utils/admin-paths";
import { notFound } from "~/utils/http";
import { parseRecordId } from "~/utils/record-id";
import { staffAction } from "./action-guard.server";
import { savedRedirect } from "./saved.server";

export async function restorePageAction(request: Request, key: string | undefined) {
  const { user, form } = await staffAction(request, "pages");
  const def = sitePageDef(key);
  if (!def) throw notFound("There is no such page.");
  const revision = parseRecordId(String(form.get("revision") ?? ""));
  if (revision === null) return json({ error: "Choose a version to restore." }, { status: 400 });
  const publish = form.get("publish") === "yes";
  try {
    const result = await restoreRevision(def.key, revision, publish, user);
    if (!result.ok) {
      const problems = result.problems.map((p) => p.message).join(" ");
      return json(
        { error: `Those words cannot be published as they are: ${problems} Restore them as a draft and fix them.` },
        { status: 400 },
      );
    }
  } catch (error) {
    if (!(error instanceof PageRefusal)) throw error;
    return json({ error: error.message }, { status: error.status });
  }
  return savedRedirect(
    adminPaths.sitePageHistory(def.key),
    publish ? "page-restored-published" : "page-restored-draft",
  );
}
