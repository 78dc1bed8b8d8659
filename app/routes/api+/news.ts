import { articlesAfter, cachedPublicAnswer, publishArticle } from "~/publishing/index.server";
import { apiJson, apiRoute } from "~/routes/_glue/api.server";
import { requestLogger } from "~/infra/logger.server";
import { requireApiRole } from "~/routes/_glue/api-guard.server";
import {
  encodeCursor,
  isStaffCaller,
  nextLink,
  parseListParams,
  readArticleInput,
  toApiArticle,
} from "~/routes/_glue/api-news.server";

const handle = apiRoute({
  // A page at a time, newest first; Link: <…>; rel="next" while more may remain. Anonymous
  // callers see published articles whose time has come, staff (a bearer token) see all.
  async GET({ request }) {
    const params = parseListParams(new URL(request.url));
    const staff = await isStaffCaller(request);
    const list = async () => {
      // One more than asked says whether a next page exists.
      const rows = await articlesAfter({ staff }, { limit: params.limit + 1, cursor: params.cursor });
      const page = rows.slice(0, params.limit);
      const headers: Record<string, string> = {};
      if (rows.length > params.limit) headers.Link = nextLink(params, page[page.length - 1]);
      return apiJson(page.map(toApiArticle), 200, headers);
    };
    // Anonymous reads are the same bytes for everyone: kept like the public pages (docs/api.md).
    if (staff) return list();
    const { body, headers } = await cachedPublicAnswer(
      `api /api/news?limit=${params.limit}&cursor=${params.cursor ? encodeCursor(params.cursor) : ""}`,
      async () => {
        const response = await list();
        return { body: Buffer.from(await response.arrayBuffer()), headers: [...response.headers] };
      },
    );
    return new Response(body, { status: 200, headers });
  },

  async POST({ request }) {
    // Authentication before the body: an anonymous caller learns nothing about validation.
    const { user } = await requireApiRole(request, "news");
    const input = await readArticleInput(request);
    const article = await publishArticle(input, {
      log: requestLogger(request, "routes/api+/news", { user_id: user.id }),
      actor: user,
    });
    return apiJson(toApiArticle(article), 201, { Location: `/api/news/${article.id}` });
  },
});

export const loader = handle;
export const action = handle;
