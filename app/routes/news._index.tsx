import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { toNewsCardArticle } from "~/components/news-card";
import { NewsList } from "~/components/news-list";
import { newsCopy } from "~/content/news";
import { site } from "~/content/site";
import { listNews } from "~/models/news.server";
import { getDb } from "~/infra/db.server";
import { pageMeta } from "~/utils/meta";
import { absoluteUrl } from "~/utils/public-url";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export const links: LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: `${site.name}: ${newsCopy.rssTitle}`, href: "/news/rss.xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const articles = await listNews(getDb());
  return json({ articles: articles.map(toNewsCardArticle), url: absoluteUrl(request, "/news") });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta({ title: "News", description: `${newsCopy.listTitle} from ${site.name}: ${newsCopy.listIntro}` }),
  ...(data
    ? [
        { property: "og:url", content: data.url },
        { tagName: "link", rel: "canonical", href: data.url },
      ]
    : []),
];

export default function NewsIndex() {
  const { articles } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="bg-brand-800 py-14 text-white">
        <div className="container-page">
          <h1 className="text-4xl font-bold tracking-tight">{newsCopy.listTitle}</h1>
          <p className="mt-3 max-w-2xl text-lg text-brand-50">{newsCopy.listIntro}</p>
        </div>
      </section>
      <section className="container-page py-12" aria-label="Articles">
        <NewsList articles={articles} />
      </section>
    </>
  );
}
