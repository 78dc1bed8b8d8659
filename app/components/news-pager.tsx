import { Link } from "@remix-run/react";

/**
 * Previous / next links between pages of a list: plain links, so they work without
 * JavaScript and every page has its own address (and its own cached copy).
 */
export function NewsPager({
  page,
  hasNext,
  pathFor,
  label,
  totalPages,
}: {
  page: number;
  hasNext: boolean;
  pathFor: (page: number) => string;
  label: string;
  totalPages?: number;
}) {
  if (page === 1 && !hasNext) return null;
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={pathFor(page - 1)} rel="prev" className="btn-secondary">
          <span aria-hidden="true">←</span> Newer<span className="sr-only"> articles</span>
        </Link>
      ) : null}
      <p className="text-slate-700 dark:text-slate-300" aria-current="page">
        Page {page}
        {totalPages ? ` of ${totalPages}` : ""}
      </p>
      {hasNext ? (
        <Link to={pathFor(page + 1)} rel="next" className="btn-secondary">
          Older<span className="sr-only"> articles</span> <span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </nav>
  );
}
