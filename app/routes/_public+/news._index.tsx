import { cachedLoader, type PageCacheHandle } from "~/infra/page-cache.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { toNewsCardArticle } from "~/components/news-card";
import { NewsList } from "~/components/news-list";
import { NewsPager } from "~/components/news-pager";
import { newsCopy } from "~/content/news";
import { site } from "~/content/site";
import { newsListPage, publishState } from "~/publishing/index.server";
import { getUser } from "~/staff/index.server";
import { pageMeta, rssFeedLink } from "~/utils/meta";
import { newsPagePath, parsePageNumber } from "~/utils/pagination";
import { absoluteUrl } from "~/infra/public-url.server";
import { PageBanner } from "~/components/page-banner";
import { notFound } from "~/utils/http";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

/**
 * Page 1 of the list, or the page /news/page/{n} names (news.page.$page.tsx calls this loader);
 * 404 for a malformed page number or one past the last page. A page-cache hit skips the queries.
 */
export async function loader(args: LoaderFunctionArgs) {
  return cachedLoader(args, () => loadNewsPage(args));
}

async function loadNewsPage({ request, params }: LoaderFunctionArgs) {
  const page = params.page === undefined ? 1 : parsePageNumber(params.page);
  if (page === null) throw notFound(newsCopy.pageNotFound);
  // Signed-in staff see drafts and scheduled articles too, marked (their pages are never cached).
  const staff = (await getUser(request)) !== null;
  const result = await newsListPage(page, { staff });
  if (!result) throw notFound(newsCopy.pageNotFound);
  return json({
    articles: result.articles.map((article) => toNewsCardArticle(article, staff ? publishState(article) : undefined)),
    page,
    hasNext: result.hasNext,
    url: absoluteUrl(newsPagePath(page)),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(
    {
      title: data && data.page > 1 ? `News, page ${data.page}` : "News",
      description: `${newsCopy.listTitle} from ${site.name}: ${newsCopy.listIntro}`,
      url: data?.url,
    },
    matches,
  ),
  rssFeedLink(newsCopy.rssTitle, matches),
  ...(data ? [{ tagName: "link", rel: "canonical", href: data.url }] : []),
];

export default function NewsIndex() {
  const { articles, page, hasNext } = useLoaderData<typeof loader>();
  return (
    <>
      <PageBanner
        title={newsCopy.listTitle}
        lead={
          <>
            {newsCopy.listIntro}
            {page > 1 ? <span className="sr-only"> Page {page}.</span> : null}
          </>
        }
      />
      <section className="container-page py-12" aria-label="Articles">
        <NewsList articles={articles} />
        <NewsPager page={page} hasNext={hasNext} pathFor={newsPagePath} label="News pages" />
      </section>
    </>
  );
}
