import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminPaths } from "~/utils/admin-paths";
import { json } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { ArticleList } from "~/components/admin/article-list";
import { Pagination } from "~/components/admin/pagination";
import { ADMIN_PREVIEW_LENGTH } from "~/content/admin";
import { staffNewsList, publishState } from "~/publishing/index.server";
import { takeFlash } from "~/site/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { parsePageNumber } from "~/utils/pagination";
import { preview } from "~/utils/text";
import { StaffPageTitle } from "~/components/admin/page-title";

// The News Management tab. A pathless layout, so the article dialogs (news/new,
// news/{id}/edit, news/{id}/delete) render in its <Outlet/> with the list still behind them.

/** Search text longer than any title cannot match; it is cut rather than refused. */
const MAX_SEARCH = 200;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "news");
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_SEARCH);
  const rawPage = url.searchParams.get("page");
  // A malformed or past-the-end page shows the first: staff follow stale links after deleting.
  const requested = rawPage === null ? 1 : (parsePageNumber(rawPage) ?? 1);
  const list = await staffNewsList({ page: requested, search });
  const flash = await takeFlash(request);
  // Only what the list shows: an article may hold 50,000 characters.
  return json(
    {
      notice: flash.message,
      search,
      page: list.page,
      totalPages: list.totalPages,
      total: list.total,
      articles: list.articles.map((article) => ({
        id: article.id,
        title: article.title,
        publishAt: article.publishAt,
        state: publishState(article),
        preview: preview(article.content, ADMIN_PREVIEW_LENGTH),
      })),
    },
    { headers: flash.headers },
  );
}

function listPath(search: string) {
  return (page: number) => {
    const params = new URLSearchParams();
    if (search) params.set("q", search);
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    return query ? `${adminPaths.news}?${query}` : adminPaths.news;
  };
}

export default function NewsManagement() {
  const { notice, articles, search, page, totalPages, total } = useLoaderData<typeof loader>();
  return (
    <>
      <StaffPageTitle title="News Management">
        <Link to={adminPaths.newArticle} className="btn-primary">
          Add News
        </Link>
      </StaffPageTitle>
      <p role="status" className="mt-3 font-medium text-brand-800 dark:text-brand-200">
        {notice ?? ""}
      </p>
      <Form method="get" action={adminPaths.news} role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="flex flex-col">
          <label htmlFor="news-search" className="text-sm font-medium">
            Search titles
          </label>
          <input
            id="news-search"
            type="search"
            name="q"
            defaultValue={search}
            maxLength={MAX_SEARCH}
            className="mt-1 w-72 max-w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-950 dark:text-white"
          />
        </div>
        <button type="submit" className="btn-secondary">
          Search
        </button>
        {search ? (
          <Link to={adminPaths.news} className="link self-center">
            Clear search
          </Link>
        ) : null}
      </Form>
      {search ? (
        <p className="mt-4 text-slate-700 dark:text-slate-300" role="status">
          {total === 1 ? "1 article" : `${total} articles`} with “{search}” in the title.
        </p>
      ) : null}
      <ArticleList articles={articles} />
      <Pagination page={page} lastPage={totalPages} href={listPath(search)} label="News Management pages" />
      <Outlet />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
