import { Link } from "@remix-run/react";

/** Page links for a staff list (plain links: they work without JavaScript). */
export function Pager({
  page,
  pages,
  basePath,
  label,
}: {
  page: number;
  pages: number;
  basePath: string;
  label: string;
}) {
  if (pages <= 1) return null;
  const href = (n: number) => (n === 1 ? basePath : `${basePath}?page=${n}`);
  const first = Math.max(1, page - 3);
  const last = Math.min(pages, page + 3);
  const numbers = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return (
    <nav aria-label={label} className="mt-6">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} className="btn-secondary">
              Previous<span className="sr-only"> page</span>
            </Link>
          </li>
        ) : null}
        {numbers.map((n) => (
          <li key={n}>
            {n === page ? (
              <span aria-current="page" className="inline-block px-3 py-2 font-bold">
                <span className="sr-only">Page </span>
                {n}
              </span>
            ) : (
              <Link to={href(n)} className="link inline-block px-3 py-2">
                <span className="sr-only">Page </span>
                {n}
              </Link>
            )}
          </li>
        ))}
        {page < pages ? (
          <li>
            <Link to={href(page + 1)} className="btn-secondary">
              Next<span className="sr-only"> page</span>
            </Link>
          </li>
        ) : null}
      </ul>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Page {page} of {pages}
      </p>
    </nav>
  );
}
