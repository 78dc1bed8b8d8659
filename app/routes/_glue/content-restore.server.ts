// Route glue (app/routes/_glue/, never a route): the Restore buttons of a page's, a project's or
// a publication's history and of a version's comparison (docs/site-editor.md). The restore is a new
// version: a draft, or published at once when the person may publish and the words pass the checks.
import { json } from "@remix-run/node";
import { ContentRefusal } from "~/publishing/index.server";
import type { ContentSaveResult as SaveResult } from "~/publishing/index.server";
import type { User } from "~/staff/index.server";
import { parseRecordId } from "~/utils/record-id";
import { staffAction } from "./action-guard.server";
import { savedRedirect } from "./saved.server";

export async function restoreContentAction(
  request: Request,
  section: "pages" | "projects" | "publications",
  restore: (revision: number, publish: boolean, user: User) => Promise<SaveResult>,
  historyPath: string,
) {
  const { user, form } = await staffAction(request, section);
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
