import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminPaths } from "~/utils/admin-paths";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { ArticleList } from "~/components/admin/article-list";
import { ADMIN_PREVIEW_LENGTH } from "~/content/admin";
import { listNews } from "~/models/news.server";
import { getDb } from "~/infra/db.server";
import { requireAdmin } from "~/services/session.server";
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
        <Link to={adminPaths.newArticle} className="btn-primary">
          Add News
        </Link>
      </div>
      <ArticleList articles={articles} />
      <Outlet />
    </>
  );
}
