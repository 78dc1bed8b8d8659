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

export async function loadPagePreview(request: Request, key: string) {
  const user = await getUser(request);
  if (!user || !allows(user.role, "pages")) throw notFound("Not Found");
  try {
    const { def, page, state } = await previewSitePage(key);
    const articles =
      key === "home" ? (await recentNews(3, { staff: true })).map((a) => toNewsCardArticle(a, publishState(a))) : [];
    const legal =
      key === "privacy"
        ? privacyPolicyFor(getEnv().ENQUIRY_RETENTION_DAYS, processorsOf())
        : key === "terms"
          ? termsOfUseFor(processorsOf())
          : null;
    return { key, label: def.label, page, state, articles, legal, editPath: adminPaths.sitePage(key) };
  } catch (error) {
    if (error instanceof PageRefusal) throw notFound("Not Found");
    throw error;
  }
}
