import { apiNoContent, apiRoute } from "~/infra/api.server";
import { endApiSession, requireApiUser } from "~/services/auth.server";

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
