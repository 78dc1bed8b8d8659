import { cachedLoader, type PageCacheHandle } from "~/infra/page-cache.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { toNewsCardArticle } from "~/components/news-card";
import { HomeView } from "~/components/site-pages/home-view";
import { site } from "~/content/site";
import { publicSitePage, publishState, recentNews } from "~/publishing/index.server";
import { getUser } from "~/staff/index.server";
import { pageMeta } from "~/utils/meta";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

/** Recent Activities shows this many of the newest articles. */
const RECENT_ARTICLES = 3;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: site.name,
      description: `${site.name}: ${site.tagline}. Our projects, our impact, current needs and the latest news.`,
    },
    matches,
  );

export async function loader(args: LoaderFunctionArgs) {
  return cachedLoader(args, () => loadHome(args));
}

async function loadHome({ request }: LoaderFunctionArgs) {
  // As on /news: signed-in staff see drafts and scheduled articles too, marked (a request with
  // a session cookie is never page-cached). Only what a card shows travels to the browser.
  const staff = (await getUser(request)) !== null;
  // The page's words are its live revision (staff edit them: docs/site-editor.md).
  const [articles, page] = await Promise.all([recentNews(RECENT_ARTICLES, { staff }), publicSitePage("home")]);
  return json({
    page,
    articles: articles.map((article) => toNewsCardArticle(article, staff ? publishState(article) : undefined)),
  });
}

export default function Home() {
  const { articles, page } = useLoaderData<typeof loader>();
  return <HomeView page={page} articles={articles} />;
}
