import { apiJson, apiRoute, requireApiUser } from "~/infra/api.server";

const handle = apiRoute({
  async GET({ request }) {
    const { user } = await requireApiUser(request);
    return apiJson({ user: { id: user.id, username: user.username } });
  },
});

export const loader = handle;
export const action = handle;
