import { createNews, listNews } from "~/models/news.server";
import { apiJson, apiRoute, requireApiUser } from "~/utils/api.server";
import { readArticleInput, toApiArticle } from "~/utils/api-news.server";
import { getDb } from "~/utils/db.server";

const handle = apiRoute({
  async GET() {
    const articles = await listNews(getDb());
    return apiJson(articles.map(toApiArticle));
  },

  async POST({ request }) {
    // Authentication before the body: an anonymous caller learns nothing about validation.
    await requireApiUser(request);
    const input = await readArticleInput(request);
    const article = await createNews(getDb(), input);
    return apiJson(toApiArticle(article), 201, { Location: `/api/news/${article.id}` });
  },
});

export const loader = handle;
export const action = handle;
