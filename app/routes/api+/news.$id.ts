import { apiJson, apiNoContent, apiRoute } from "~/routes/_glue/api.server";
import { requireApiRole } from "~/routes/_glue/api-guard.server";
import { articleNotFound, isStaffCaller, readArticleInput, toApiArticle } from "~/routes/_glue/api-news.server";
import { findArticle, removeArticle, reviseArticle } from "~/publishing/index.server";
import { parseRecordId } from "~/utils/record-id";
import { requestLogger } from "~/infra/logger.server";

const handle = apiRoute({
  async GET({ request, params }) {
    const id = parseRecordId(params.id);
    // A draft or scheduled article does not exist for anonymous callers.
    const article = id ? await findArticle(id, { staff: await isStaffCaller(request) }) : undefined;
    if (!article) return articleNotFound();
    return apiJson(toApiArticle(article));
  },

  async PUT({ request, params }) {
    const { user } = await requireApiRole(request, "news");
    const id = parseRecordId(params.id);
    // A missing article is 404 whatever the body says; the update re-checks, in case it
    // was deleted meanwhile.
    if (!id || !(await findArticle(id, { staff: true }))) return articleNotFound();
    const input = await readArticleInput(request);
    const article = await reviseArticle(id, input, {
      log: requestLogger(request, "routes/api+/news.$id", { user_id: user.id }),
      actor: user,
    });
    if (!article) return articleNotFound();
    return apiJson(toApiArticle(article));
  },

  async DELETE({ request, params }) {
    const { user } = await requireApiRole(request, "news");
    const id = parseRecordId(params.id);
    if (!id || !(await removeArticle(id, requestLogger(request, "routes/api+/news.$id", { user_id: user.id }))))
      return articleNotFound();
    return apiNoContent();
  },
});

export const loader = handle;
export const action = handle;
