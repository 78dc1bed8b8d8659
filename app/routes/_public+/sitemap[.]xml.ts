import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicPagePaths } from "~/content/public-pages";
import { nextScheduledPublish, sitemapArticles, sitemapProjects, sitemapSitePages } from "~/publishing/index.server";
import { newsletterWebPath, sitemapNewsletters, sitemapPublications } from "~/publishing/index.server";
import { sitemapAppeals } from "~/causes/index.server";
import { fundraisePath, sitemapFundraisingPages } from "~/causes/index.server";
import { publicCacheControl } from "~/infra/page-cache.server";
import { buildSitemap } from "~/publishing/utils/feeds";
import { publicOrigin } from "~/infra/public-url.server";
import { applyBaseSecurityHeaders } from "~/infra/security-headers.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin();
  const [projects, articles, newsletters, appeals, pages, edited, publications] = await Promise.all([
    sitemapProjects(),
    sitemapArticles(),
    sitemapNewsletters(),
    sitemapAppeals(),
    sitemapFundraisingPages(),
    sitemapSitePages(),
    sitemapPublications(),
  ]);
  // A page staff edited says when its live words were published (docs/site-editor.md).
  const lastmod = new Map(edited.map((page) => [page.path, page.lastmod]));
  const body = buildSitemap([
    ...publicPagePaths.map((path) => ({ loc: `${origin}${path}`, lastmod: lastmod.get(path) })),
    ...projects.map((project) => ({ loc: `${origin}${project.path}`, lastmod: project.updatedAt })),
    ...articles.map((article) => ({ loc: `${origin}/news/${article.id}`, lastmod: article.updatedAt })),
    ...newsletters.map((n) => ({ loc: `${origin}${newsletterWebPath(n.slug)}`, lastmod: n.sentAt })),
    ...appeals.map((a) => ({ loc: `${origin}/appeals/${a.slug}`, lastmod: a.updatedAt })),
    ...pages.map((p) => ({ loc: `${origin}${fundraisePath(p.slug)}`, lastmod: p.updatedAt })),
    // Each shown publication's PDF: search engines index documents too.
    ...publications.map((p) => ({ loc: `${origin}${p.path}`, lastmod: p.lastmod })),
  ]);
  const headers = new Headers({
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": publicCacheControl({ maxAge: 3600, sMaxage: 3600 }, await nextScheduledPublish()),
  });
  applyBaseSecurityHeaders(headers, request);
  return new Response(body, { headers });
}
