import type { LoaderFunctionArgs } from "@remix-run/node";
import { newsCopy } from "~/content/news";
import { RSS_ITEM_LIMIT } from "~/publishing/schemas/news";
import { feedArticles, nextScheduledPublish } from "~/publishing/index.server";
import { getCharitySettings } from "~/site/index.server";
import { publicCacheControl } from "~/infra/page-cache.server";
import { buildRss } from "~/publishing/utils/feeds";
import { markdownToText } from "~/infra/markdown.server";
import { publicOrigin } from "~/infra/public-url.server";
import { applyBaseSecurityHeaders } from "~/infra/security-headers.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin();
  const articles = await feedArticles(RSS_ITEM_LIMIT);
  const { name } = await getCharitySettings();
  const body = buildRss({
    title: `${name}: ${newsCopy.rssTitle}`,
    link: `${origin}/news`,
    selfUrl: `${origin}/news/rss.xml`,
    description: `${newsCopy.listTitle} from ${name}`,
    items: articles.map((article) => ({
      title: article.title,
      link: `${origin}/news/${article.id}`,
      // Plain text: feed readers show the description as it is.
      content: markdownToText(article.content),
      publishedAt: article.publishAt,
    })),
  });
  const headers = new Headers({
    "Content-Type": "application/rss+xml; charset=utf-8",
    // Short, so a new article reaches readers soon; long enough to spare the database from
    // polling; never past the moment a scheduled article goes out.
    "Cache-Control": publicCacheControl({ maxAge: 300, sMaxage: 300 }, await nextScheduledPublish()),
  });
  applyBaseSecurityHeaders(headers, request);
  return new Response(body, { headers });
}
