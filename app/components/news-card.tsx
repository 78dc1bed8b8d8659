import { Link } from "@remix-run/react";
import { formatLongDate } from "~/utils/dates";
import { safeHttpUrl } from "~/utils/safe-url";
import { preview } from "~/utils/text";

/** What a card needs of an article; loaders send exactly this (dates as ISO strings). */
export interface NewsCardArticle {
  id: number;
  title: string;
  content: string;
  image_url: string | null;
  created_at: string;
}

/** News previews on the home and list pages are cut at this many characters. */
export const PUBLIC_PREVIEW_LENGTH = 150;

/**
 * The card fields of an article, with the content cut to what the preview can show (an
 * article may hold 50,000 characters; a card shows 150). The preview of the result is
 * exactly the preview of the full content: whitespace is flattened the same way, and one
 * character beyond the limit is kept so the card still knows to add the ellipsis.
 */
export function toNewsCardArticle(article: NewsCardArticle): NewsCardArticle {
  const flat = article.content.replace(/\s+/g, " ").trim();
  return {
    id: article.id,
    title: article.title,
    content: flat.slice(0, PUBLIC_PREVIEW_LENGTH + 1),
    image_url: safeHttpUrl(article.image_url),
    created_at: article.created_at,
  };
}

export function NewsCard({
  article,
  index = 0,
  headingLevel = 3,
}: {
  article: NewsCardArticle;
  index?: number;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const imageUrl = safeHttpUrl(article.image_url);
  return (
    <article
      className="animate-fade-in-up flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900"
      style={{ animationDelay: `${(index * 0.1).toFixed(1)}s` }}
    >
      {imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          width="640"
          height="360"
          loading="lazy"
          className="aspect-video w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <time dateTime={article.created_at}>{formatLongDate(article.created_at)}</time>
        </p>
        <Heading className="mt-2 text-lg font-semibold text-slate-900 dark:text-white">{article.title}</Heading>
        <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">
          {preview(article.content, PUBLIC_PREVIEW_LENGTH)}
        </p>
        <Link to={`/news/${article.id}`} className="link mt-4 self-start">
          Read More<span className="sr-only">: {article.title}</span>
        </Link>
      </div>
    </article>
  );
}
