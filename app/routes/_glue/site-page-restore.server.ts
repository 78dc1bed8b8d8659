// Route glue (app/routes/_glue/, never a route): the Restore buttons of a page's history and of a
// revision's comparison (docs/site-editor.md), as for every kind of content (content-restore.server.ts).
import { restoreRevision } from "~/publishing/index.server";
import { sitePageDef } from "~/publishing/schemas/site-pages";
import { adminPaths } from "~/utils/admin-paths";
import { notFound } from "~/utils/http";
import { restoreContentAction } from "./content-restore.server";

export async function restorePageAction(request: Request, key: string | undefined) {
  const def = sitePageDef(key);
  if (!def) throw notFound("There is no such page.");
  return restoreContentAction(
    request,
    "pages",
    (revision, publish, user) => restoreRevision(def.key, revision, publish, user),
    adminPaths.sitePageHistory(def.key),
  );
}
