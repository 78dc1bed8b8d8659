import { Link } from "@remix-run/react";
import { publishingCopy } from "~/content/news";
import { formatLongDate } from "~/utils/date-format";
import { responsiveImage, type ResponsiveImage } from "~/utils/images";
import { safeHttpUrl } from "~/utils/safe-url";
import { preview } from "~/utils/text";
import { ResponsivePicture } from "./responsive-picture";

/** Where an article stands, shown to staff on articles visitors cannot see yet. */
export type CardState = "draft" | "scheduled" | "published";

/** What a card needs of an article; loaders send exactly this (dates as ISO strings). */
export interface NewsCardArticle {
  id: number;
  title: string;
  content: string;
  imageUrl: string | null;
  /** The date shown: when the article went (or goes) public. */
  createdAt: string;
  /** An uploaded photo; wins over imageUrl. */
  image?: ResponsiveImage | null;
  state?: CardState;
}

/** What a list query returns for a card (see listNewsSummaries). */
export interface NewsCardSource {
  id: number;
  title: string;
  content: string;
  imageUrl: string | null;
  createdAt: string;
  publishAt?: string;
  imageUpload?: string | null;
  imageWidths?: string | null;
  imageAlt?: string | null;
}

/** News previews on the home and list pages are cut at this many characters. */
export const PUBLIC_PREVIEW_LENGTH = 150;

/** Cards are a third of the page on wide screens, half on tablets, the whole width on phones. */
const CARD_SIZES = "(min-width: 1024px) 24rem, (min-width: 768px) 50vw, 100vw";

/**
 * The card fields of an article, with the content cut to what the preview can show (an
 * article may hold 50,000 characters; a card shows 150). The preview of the result is
 * exactly the preview of the full content: whitespace is flattened the same way, and one
 * character beyond the limit is kept so the card still knows to add the ellipsis.
 */
export function toNewsCardArticle(article: NewsCardSource, state?: CardState): NewsCardArticle {
  const flat = article.content.replace(/\s+/g, " ").trim();
  return {
    id: article.id,
    title: article.title,
    content: flat.slice(0, PUBLIC_PREVIEW_LENGTH + 1),
    imageUrl: safeHttpUrl(article.imageUrl),
    createdAt: article.publishAt || article.createdAt,
    image: responsiveImage(article.imageUpload, article.imageWidths, article.imageAlt),
    ...(state && state !== "published" ? { state } : {}),
  };
}

export function NewsCard({ article, headingLevel = 3 }: { article: NewsCardArticle; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const imageUrl = safeHttpUrl(article.imageUrl);
  return (
    // One short fade for every card: a delay growing with the position would show the
    // hundredth card ten seconds late.
    <article className="animate-fade-in-up flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900">
      {article.image ? (
        <ResponsivePicture image={article.image} sizes={CARD_SIZES} width={640} lazy className="w-full" />
      ) : imageUrl ? (
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
          {article.state ? <StateBadge state={article.state} /> : null}
          <time dateTime={article.createdAt}>{formatLongDate(article.createdAt)}</time>
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

export function StateBadge({ state }: { state: CardState }) {
  const style =
    state === "draft"
      ? "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-white"
      : state === "scheduled"
        ? "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50"
        : "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-50";
  return (
    <span className={`mr-2 inline-block rounded px-2 py-0.5 text-xs font-semibold uppercase tracking-wide ${style}`}>
      {publishingCopy[state]}
    </span>
  );
}
