import { newsCopy } from "~/content/news";
import { NewsCard, type NewsCardArticle } from "./news-card";

/** The /news grid (1, 2 or 3 columns by width), or the empty state when there is nothing yet. */
export function NewsList({ articles }: { articles: NewsCardArticle[] }) {
  if (articles.length === 0) {
    return (
      <div className="mx-auto max-w-xl rounded-lg border border-dashed border-slate-400 px-6 py-14 text-center dark:border-slate-500">
        <h2 className="text-2xl font-semibold">{newsCopy.emptyTitle}</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{newsCopy.emptyBody}</p>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-8 md:grid-cols-2 lg:grid-cols-3">
      {articles.map((article) => (
        <li key={article.id} className="grid">
          <NewsCard article={article} headingLevel={2} />
        </li>
      ))}
    </ul>
  );
}
