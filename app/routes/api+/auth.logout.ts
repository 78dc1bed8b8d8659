import { deleteSession } from "~/models/session.server";
import { apiNoContent, apiRoute } from "~/infra/api.server";
import { requireApiUser } from "~/services/auth.server";
import { getDb } from "~/infra/db.server";

const handle = apiRoute({
  // No body is needed, so none is read: any Content-Type is fine here.
  async POST({ request }) {
    const { token } = await requireApiUser(request);
    await deleteSession(getDb(), token);
    return apiNoContent();
  },
});

export const loader = handle;
export const action = handle;
