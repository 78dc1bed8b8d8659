import { apiJson, apiRoute } from "~/routes/_glue/api.server";
import { requireApiUser } from "~/routes/_glue/api-guard.server";

const handle = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiUser(request);
    return apiJson({ user: { id: user.id, username: user.username, role: user.role } });
  },
});

export const loader = handle;
export const action = handle;
