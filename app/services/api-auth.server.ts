import { apiError, bearerToken } from "~/infra/api.server";
import { getDb } from "~/infra/db.server";
import { getSessionUser } from "~/models/session.server";
import type { User } from "~/models/user.server";

type Extra = Record<string, unknown>;

/** The API user, or throws 401 with `WWW-Authenticate: Bearer` (RFC 6750). */
export async function requireApiUser(request: Request, extra: Extra = {}): Promise<{ user: User; token: string }> {
  const token = bearerToken(request);
  if (!token) {
    throw apiError(401, "Authentication required", extra, { "WWW-Authenticate": 'Bearer realm="api"' });
  }
  const user = await getSessionUser(getDb(), token, "api");
  if (!user) {
    throw apiError(401, "Invalid or expired token", extra, {
      "WWW-Authenticate":
        'Bearer realm="api", error="invalid_token", error_description="The token is invalid, expired or revoked"',
    });
  }
  return { user, token };
}
