import { Link } from "@remix-run/react";
import { adminPaths } from "~/utils/admin-paths";
import { adminMessages } from "~/content/admin";
import { formatLongDate, formatLongDateTime } from "~/utils/dates";
import { StateBadge, type CardState } from "~/components/news-card";
import { DeleteArticleForm } from "./delete-article-form";

/** What the admin list shows of an article; the loader cuts the preview on the server. */
export interface AdminListArticle {
  id: number;
  title: string;
  /** When it goes (or went) public. */
  publishAt: string;
  preview: string;
  state?: CardState;
}

export function ArticleList({ articles }: { articles: AdminListArticle[] }) {
  if (articles.length === 0) {
    return <p className="mt-6 text-slate-700 dark:text-slate-300">{adminMessages.emptyList}</p>;
  }
  return (
    <ul className="mt-6 space-y-4">
      {articles.map((article) => (
        <li key={article.id}>
          <article className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
            <div className="flex flex-wrap items-start justify-between gap-4">
              <div className="min-w-0 flex-1">
                <h3 className="break-words text-lg font-semibold">{article.title}</h3>
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  {article.state ? <StateBadge state={article.state} /> : null}
                  <time dateTime={article.publishAt}>
                    {/* The hour matters only for what is still to go out. */}
                    {article.state === "scheduled"
                      ? formatLongDateTime(article.publishAt)
                      : formatLongDate(article.publishAt)}
                  </time>
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Link to={`/news/${article.id}`} className="btn-secondary">
                  {article.state && article.state !== "published" ? "Preview" : "View"}
                  <span className="sr-only">: {article.title}</span>
                </Link>
                <Link to={adminPaths.editArticle(article.id)} className="btn-secondary">
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
  );
}
