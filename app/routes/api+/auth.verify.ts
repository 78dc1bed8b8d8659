import { apiJson, apiRoute } from "~/infra/api.server";
import { requireApiUser } from "~/services/auth.server";

const handle = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiUser(request);
    return apiJson({ user: { id: user.id, username: user.username, role: user.role } });
  },
});

export const loader = handle;
export const action = handle;
