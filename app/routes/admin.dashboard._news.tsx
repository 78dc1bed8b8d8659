import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { DeleteArticleForm } from "~/components/admin/delete-article-form";
import { ADMIN_PREVIEW_LENGTH, adminMessages } from "~/content/admin";
import { listNews } from "~/models/news.server";
import { formatLongDate } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { requireAdmin } from "~/utils/session.server";
import { preview } from "~/utils/text";

// The News Management tab. A pathless layout, so the article dialogs (news/new,
// news/{id}/edit, news/{id}/delete) render in its <Outlet/> with the list still behind them.

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const articles = await listNews(getDb());
  // Only what the list shows: an article may hold 50,000 characters.
  return json({
    articles: articles.map((article) => ({
      id: article.id,
      title: article.title,
      created_at: article.created_at,
      preview: preview(article.content, ADMIN_PREVIEW_LENGTH),
    })),
  });
}

export default function NewsManagement() {
  const { articles } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-2xl font-semibold">News Management</h2>
        <Link to="/admin/dashboard/news/new" className="btn-primary">
          Add News
        </Link>
      </div>
      {articles.length === 0 ? (
        <p className="mt-6 text-slate-700 dark:text-slate-300">{adminMessages.emptyList}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {articles.map((article) => (
            <li key={article.id}>
              <article className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
                <div className="flex flex-wrap items-start justify-between gap-4">
                  <div className="min-w-0 flex-1">
                    <h3 className="break-words text-lg font-semibold">{article.title}</h3>
                    <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                      <time dateTime={article.created_at}>{formatLongDate(article.created_at)}</time>
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Link to={`/admin/dashboard/news/${article.id}/edit`} className="btn-secondary">
                      Edit<span className="sr-only">: {article.title}</span>
                    </Link>
                    <DeleteArticleForm id={article.id} title={article.title} />
                  </div>
                </div>
                <p className="mt-3 break-words text-slate-700 dark:text-slate-300">{article.preview}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
      <Outlet />
    </>
  );
}
