import { Link } from "@remix-run/react";

/** The page numbers shown: the first, the last, and two either side of the current one. */
export function pageWindow(current: number, last: number): (number | "gap")[] {
  const pages: (number | "gap")[] = [];
  for (let page = 1; page <= last; page++) {
    if (page === 1 || page === last || Math.abs(page - current) <= 2) pages.push(page);
    else if (pages[pages.length - 1] !== "gap") pages.push("gap");
  }
  return pages;
}

/**
 * Page links for a staff list: plain links (they work without JavaScript), the current page
 * marked for screen readers. `href(page)` builds each page's address with the list's filters.
 */
export function Pagination({
  page,
  lastPage,
  href,
  label = "Pages",
}: {
  page: number;
  lastPage: number;
  href: (page: number) => string;
  label?: string;
}) {
  if (lastPage <= 1 && page <= 1) return null;
  const linkClass =
    "inline-block min-w-10 rounded-md border border-slate-300 px-3 py-2 text-center text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";
  return (
    <nav aria-label={label} className="mt-6">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={href(Math.min(page - 1, Math.max(lastPage, 1)))} className={linkClass} rel="prev">
              Previous
            </Link>
          </li>
        ) : null}
        {pageWindow(page, lastPage).map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-600 dark:text-slate-400">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={href(item)}
                aria-current={item === page ? "page" : undefined}
                className={
                  item === page
                    ? `${linkClass} border-brand-700 bg-brand-700 text-white hover:bg-brand-700 dark:border-brand-300 dark:bg-brand-300 dark:text-slate-900 dark:hover:bg-brand-300`
                    : linkClass
                }
              >
                <span className="sr-only">Page </span>
                {item}
              </Link>
            </li>
          ),
        )}
        {page < lastPage ? (
          <li>
            <Link to={href(page + 1)} className={linkClass} rel="next">
              Next
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/**
 * Above a filtered staff list: how many match and which page this is (a status, so a screen
 * reader hears a new filter's count), and, on a page past the end, a link to the last one.
 */
export function ListStatus({
  total,
  capped = false,
  noun,
  page,
  lastPage,
  shown,
  empty,
  emptyPage,
  href,
}: {
  total: number;
  /** The count stopped at `total`: shown as "1,000+". */
  capped?: boolean;
  noun: { one: string; many: string };
  page: number;
  lastPage: number;
  /** Rows on this page. */
  shown: number;
  /** Nothing matches at all. */
  empty: string;
  /** Matches, but none on this page. */
  emptyPage: string;
  href: (page: number) => string;
}) {
  const count = `${total.toLocaleString("en-GB")}${capped ? "+" : ""}`;
  return (
    <>
      <p className="mt-2 text-slate-700 dark:text-slate-300" role="status">
        {total === 0 ? empty : `${count} ${total === 1 ? noun.one : noun.many} · page ${page} of ${lastPage}`}
      </p>
      {shown === 0 && total > 0 ? (
        <p className="mt-4">
          {emptyPage}{" "}
          <Link to={href(lastPage)} className="link">
            Go to the last page
          </Link>
        </p>
      ) : null}
    </>
  );
}
