// Route glue (app/routes/_glue/, never a route): the staff-only preview of a page's draft
// (app/routes/_public+/preview.pages.$key.tsx). Anyone who may not open the Pages section gets the
// same 404 as an unknown page: a visitor learns nothing, not even that the address exists.
import { toNewsCardArticle } from "~/components/news-card";
import { PageRefusal, previewSitePage, publishState, recentNews } from "~/publishing/index.server";
import { allows, getUser } from "~/staff/index.server";
import { privacyPolicyFor, termsOfUseFor } from "~/content/legal";
import { getEnv } from "~/infra/env.server";
import { processorsOf } from "~/site/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { notFound } from "~/utils/http";
import { readFormData } from "~/infra/body.server";
import { documentFromForm, sitePageDef, type PageDocument } from "~/publishing/schemas/site-pages";
import { PHOTO_FORM_LIMITS } from "~/schemas/photo-fields";
import { refuseCrossSite } from "~/routes/_glue/action-guard.server";

async function requirePreviewer(request: Request): Promise<void> {
  const user = await getUser(request);
  if (!user || !allows(user.role, "pages")) throw notFound("Not Found");
}

/**
 * The preview of unsaved input: the edit form posted here (its Preview button) shows the words as
 * typed, as visitors would see them; nothing is saved. A post from another site is a 403, anyone
 * else a 404 (before the body is read).
 */
export async function previewUnsavedInput(request: Request, key: string) {
  refuseCrossSite(request);
  await requirePreviewer(request);
  const def = sitePageDef(key);
  if (!def) throw notFound("Not Found");
  const form = await readFormData(request, PHOTO_FORM_LIMITS);
  return previewData(key, documentFromForm(def, form));
}

export async function loadPagePreview(request: Request, key: string) {
  await requirePreviewer(request);
  return previewData(key);
}

async function previewData(key: string, unsaved?: PageDocument) {
  try {
    const { def, page, state, problems } = await previewSitePage(key, unsaved);
    const articles =
      key === "home" ? (await recentNews(3, { staff: true })).map((a) => toNewsCardArticle(a, publishState(a))) : [];
    const legal =
      key === "privacy"
        ? privacyPolicyFor(getEnv().ENQUIRY_RETENTION_DAYS, processorsOf())
        : key === "terms"
          ? termsOfUseFor(processorsOf())
          : null;
    return { key, label: def.label, page, state, problems, articles, legal, editPath: adminPaths.sitePage(key) };
  } catch (error) {
    if (error instanceof PageRefusal) throw notFound("Not Found");
    throw error;
  }
}
