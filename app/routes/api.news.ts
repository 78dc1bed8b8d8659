import { listNews } from "~/models/news.server";
import { publishArticle } from "~/services/news.server";
import { apiJson, apiRoute } from "~/infra/api.server";
import { requireApiUser } from "~/services/auth.server";
import { readArticleInput, toApiArticle } from "~/services/api-news.server";
import { getDb } from "~/infra/db.server";
import { requestLogger } from "~/infra/logger.server";

const handle = apiRoute({
  async GET() {
    const articles = await listNews(getDb());
    return apiJson(articles.map(toApiArticle));
  },

  async POST({ request }) {
    // Authentication before the body: an anonymous caller learns nothing about validation.
    const { user } = await requireApiUser(request);
    const input = await readArticleInput(request);
    const article = await publishArticle(input, requestLogger(request, "routes/api.news", { user_id: user.id }));
    return apiJson(toApiArticle(article), 201, { Location: `/api/news/${article.id}` });
  },
});

export const loader = handle;
export const action = handle;
