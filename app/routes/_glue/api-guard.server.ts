// Route glue (app/routes/_glue/: the HTTP side shared by routes; no route lives here, since
// remix-flat-routes takes no `.server` file as a route): the JSON API's guard, which reads the
// bearer token and throws the API's 401 or 403. Tokens are issued and ended by the auth service
// (app/staff/services/auth.server.ts); what a role allows is the session service's `allows`.
import type { User } from "~/staff/index.server";
import { getApiUser } from "~/staff/index.server";
import { allows, type Access } from "~/staff/index.server";
import { apiError } from "~/routes/_glue/api.server";

/** The bearer token from the Authorization header, if one is there. Never from cookies or the URL. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  const match = header?.match(/^Bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)[ \t]*$/i);
  return match ? match[1] : null;
}

/**
 * The API user when their role may do `access` (a dashboard section or roles), or throws 401
 * (no or bad token) or 403 (the token's person has another role). A token carries its
 * person's current role: a role change applies to the next request.
 */
export async function requireApiRole(
  request: Request,
  access: Access,
  extra: Record<string, unknown> = {},
): Promise<{ user: User; token: string }> {
  const result = await requireApiUser(request, extra);
  if (!allows(result.user.role, access)) {
    throw apiError(403, "Your role does not allow this", extra);
  }
  return result;
}

/** The API user, or throws 401 with `WWW-Authenticate: Bearer` (RFC 6750). */
export async function requireApiUser(
  request: Request,
  extra: Record<string, unknown> = {},
): Promise<{ user: User; token: string }> {
  const token = bearerToken(request);
  if (!token) {
    throw apiError(401, "Authentication required", extra, { "WWW-Authenticate": 'Bearer realm="api"' });
  }
  const user = await getApiUser(token);
  if (!user) {
    throw apiError(401, "Invalid or expired token", extra, {
      "WWW-Authenticate":
        'Bearer realm="api", error="invalid_token", error_description="The token is invalid, expired or revoked"',
    });
  }
  return { user, token };
}
