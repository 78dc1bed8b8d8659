import { MissingOrError } from "~/components/error-page";
import { BackLink, LeadPicture, MarkdownText } from "~/components/reading-page";
import { cachedLoader, type PageCacheHandle } from "~/infra/page-cache.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ShareLinks } from "~/components/share-links";
import { newsCopy } from "~/content/news";
import { site } from "~/content/site";
import { StateBadge } from "~/components/news-card";
import { publishingCopy } from "~/content/news";
import { findArticle, publishState } from "~/publishing/index.server";
import { getUser } from "~/staff/index.server";
import { largestUploadPath, responsiveImage } from "~/utils/images";
import { formatLongDate } from "~/utils/date-format";
import { pageMeta, rssFeedLink } from "~/utils/meta";
import { parseRecordId } from "~/utils/record-id";
import { absoluteUrl } from "~/infra/public-url.server";
import { markdownToText, renderMarkdown } from "~/infra/markdown.server";
import { safeHttpUrl } from "~/utils/safe-url";
import { buildShareLinks } from "~/utils/share-links";
import { shareDescription } from "~/utils/text";
import { notFound } from "~/utils/http";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle & { ownShareImage: true } = { pageCache: true, ownShareImage: true };

export async function loader(args: LoaderFunctionArgs) {
  return cachedLoader(args, () => loadArticle(args));
}

async function loadArticle({ request, params }: LoaderFunctionArgs) {
  const id = parseRecordId(params.id);
  if (id === null) throw notFound(newsCopy.notFound);
  // Staff see drafts and scheduled articles as they will look (the preview); visitors get 404.
  const staff = (await getUser(request)) !== null;
  const article = await findArticle(id, { staff });
  if (!article) throw notFound(newsCopy.notFound);

  const url = absoluteUrl(`/news/${article.id}`);
  const imageUrl = safeHttpUrl(article.imageUrl);
  const upload = largestUploadPath(article.imageUpload, article.imageWidths);
  return json({
    article: {
      id: article.id,
      title: article.title,
      content: article.content,
      contentHtml: renderMarkdown(article.content),
      imageUrl,
      image: responsiveImage(article.imageUpload, article.imageWidths, article.imageAlt),
      imageAlt: article.imageAlt,
      publishAt: article.publishAt,
      updatedAt: article.updatedAt,
    },
    state: staff ? publishState(article) : "published",
    url,
    description: shareDescription(markdownToText(article.content), 160),
    shareImage: upload ? absoluteUrl(upload) : (imageUrl ?? absoluteUrl(site.shareImage.path)),
    shareLinks: buildShareLinks(url, article.title),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) {
    return [
      ...pageMeta({ title: newsCopy.notFound, description: newsCopy.notFoundBody }, matches),
      rssFeedLink(newsCopy.rssTitle, matches),
    ];
  }
  const { article, url, shareImage, description } = data;
  return [
    ...pageMeta(
      {
        title: article.title,
        description,
        type: "article",
        url,
        image: shareImage,
        imageAlt: article.image ? (article.imageAlt ?? undefined) : undefined,
        noindex: data.state !== "published",
      },
      matches,
    ),
    { property: "article:published_time", content: article.publishAt },
    { property: "article:modified_time", content: article.updatedAt },
    { tagName: "link", rel: "canonical", href: url },
    rssFeedLink(newsCopy.rssTitle, matches),
  ];
};

export default function NewsArticlePage() {
  const { article, shareLinks, state } = useLoaderData<typeof loader>();
  return (
    <>
      <article className="container-page max-w-3xl py-10">
        <BackLink to="/news">{newsCopy.backToNews}</BackLink>
        {state !== "published" ? (
          <p
            role="status"
            className="mt-6 rounded-md border border-amber-400 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
          >
            <StateBadge state={state} /> {publishingCopy.previewNotice}
          </p>
        ) : null}
        <p className="mt-8 text-sm text-slate-700 dark:text-slate-300">
          <time dateTime={article.publishAt}>{formatLongDate(article.publishAt)}</time>
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight break-words sm:text-4xl">{article.title}</h1>
        {article.image ? (
          <LeadPicture image={article.image} />
        ) : article.imageUrl ? (
          // The title sits right above; repeating it as alt text would only make screen readers say it twice.
          <img
            src={article.imageUrl}
            alt=""
            width="1200"
            height="675"
            className="mt-8 aspect-video w-full rounded-lg object-cover"
          />
        ) : null}
        <MarkdownText html={article.contentHtml} />
        <ShareLinks links={shareLinks} />
        <p className="mt-10">
          <Link to="/news" className="btn-secondary">
            {newsCopy.viewAll}
          </Link>
        </p>
      </article>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <MissingOrError
      title={newsCopy.notFound}
      text={newsCopy.notFoundBody}
      link={{ to: "/news", label: newsCopy.backToNews }}
    />
  );
}
