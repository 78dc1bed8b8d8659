import { apiNoContent, apiRoute } from "~/routes/_glue/api.server";
import { endApiSession } from "~/staff/index.server";
import { requireApiUser } from "~/routes/_glue/api-guard.server";

const handle = apiRoute({
  // No body is needed, so none is read: any Content-Type is fine here.
  async POST({ request }) {
    const { token } = await requireApiUser(request);
    await endApiSession(token);
    return apiNoContent();
  },
});

export const loader = handle;
export const action = handle;
