import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { FormError } from "~/components/ui/form";

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
 * A filtered staff list (the inbox, Volunteers): the filter's problems, or how many match and
 * which page this is (a status, so a screen reader hears a new filter's count), the rows
 * (`children`, when this page has any), a link to the last page from a page past the end, and
 * the page links.
 */
export function FilteredList({
  errors,
  count,
  words,
  page,
  href,
  children,
}: {
  errors: string[] | null | undefined;
  /** Null when the filter was refused. `capped`: the count stopped at `total` ("1,000+"). */
  count: { total: number; capped?: boolean; lastPage: number; shown: number } | null;
  /** `empty`: nothing matches at all; `emptyPage`: matches, but none on this page; `pages`: the page links' name. */
  words: { one: string; many: string; empty: string; emptyPage: string; pages: string };
  page: number;
  href: (page: number) => string;
  children: ReactNode;
}) {
  return (
    <>
      <div className="mt-6">
        <FormError errors={errors ?? undefined} />
      </div>
      {count ? (
        <>
          <p className="mt-2 text-slate-700 dark:text-slate-300" role="status">
            {count.total === 0
              ? words.empty
              : `${count.total.toLocaleString("en-GB")}${count.capped ? "+" : ""} ${count.total === 1 ? words.one : words.many} · page ${page} of ${count.lastPage}`}
          </p>
          {count.shown === 0 && count.total > 0 ? (
            <p className="mt-4">
              {words.emptyPage}{" "}
              <Link to={href(count.lastPage)} className="link">
                Go to the last page
              </Link>
            </p>
          ) : null}
          {count.shown > 0 ? children : null}
          <Pagination page={page} lastPage={count.lastPage} href={href} label={words.pages} />
        </>
      ) : null}
    </>
  );
}
