import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicPagePaths } from "~/content/public-pages";
import { listNews } from "~/models/news.server";
import { getDb } from "~/infra/db.server";
import { buildSitemap } from "~/utils/feeds";
import { publicOrigin } from "~/utils/public-url";
import { applyBaseSecurityHeaders } from "~/infra/security-headers.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request);
  const articles = await listNews(getDb());
  const body = buildSitemap([
    ...publicPagePaths.map((path) => ({ loc: `${origin}${path}` })),
    ...articles.map((article) => ({ loc: `${origin}/news/${article.id}`, lastmod: article.updated_at })),
  ]);
  const headers = new Headers({
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": "public, max-age=3600",
  });
  applyBaseSecurityHeaders(headers, request);
  return new Response(body, { headers });
}
