import { CharityText } from "~/components/charity";
import { StrokeIcon } from "~/components/ui/icon";
import { publicationsPage } from "~/content/publications";
import type { PublicationCard as Card } from "~/publishing/schemas/publications";
import { formatFileSize } from "~/publishing/utils/publication-paths";
import { formatLongDate } from "~/utils/date-format";

// One publication's card on /publications: the public page and the staff preview draw the same.

const badgeClasses: Record<string, string> = {
  Newsletter: "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100",
  "Annual Report": "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  "Research Paper": "bg-indigo-100 text-indigo-900 dark:bg-indigo-900 dark:text-indigo-100",
};
/** The link's visible words: "Download (PDF, 120 KB)". */
const downloadWords = (bytes: number) => `Download (PDF, ${formatFileSize(bytes)})`;

/** A type staff added. */
const otherBadge = "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100";

export function PublicationCard({ publication }: { publication: Card }) {
  const titleId = `publication-${publication.slug}`;
  return (
    <li className="flex flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span
          className={`rounded-full px-3 py-1 text-xs font-semibold ${badgeClasses[publication.typeName] ?? otherBadge}`}
        >
          {publication.typeName}
        </span>
        <time dateTime={publication.publishedOn} className="text-sm text-slate-700 dark:text-slate-300">
          {formatLongDate(publication.publishedOn)}
        </time>
      </div>
      <h2 id={titleId} className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">
        {publication.title}
      </h2>
      <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{publication.description}</p>
      {publication.download ? (
        // Named by the visible words, then the title: "Download (PDF, 120 KB): Annual Report 2024"
        // (it starts with what is seen, for voice control). An aria-label, since a visually
        // hidden span is positioned, hence a block, and browsers name it with a space before.
        <a
          href={publication.download.url}
          download
          aria-label={`${downloadWords(publication.download.bytes)}: ${publication.title}`}
          className="btn-primary mt-6 self-start"
        >
          <StrokeIcon size={16}>
            <path d="M12 3v12m0 0-5-5m5 5 5-5M4 21h16" />
          </StrokeIcon>
          {downloadWords(publication.download.bytes)}
        </a>
      ) : (
        <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
          <CharityText text={publicationsPage.askForCopy} />
        </p>
      )}
    </li>
  );
}
