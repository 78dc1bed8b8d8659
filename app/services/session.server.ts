import { createCookie, redirect, type Cookie } from "@remix-run/node";
import { hasSessionCookie, readCookie, SESSION_COOKIE_NAME } from "~/infra/cookies.server";
import { DASHBOARD_PATH, LOGIN_PATH } from "~/utils/admin-paths";
import { createSession, deleteSession, getSessionUser, SESSION_TTL_MS } from "~/models/session.server";
import type { User } from "~/models/user.server";
import { getDb } from "~/infra/db.server";
import { getSessionSecrets } from "~/infra/session-secret.server";

// The cookie carries only the secret token of a row in the sessions table (the row stores its
// SHA-256), so logging out or resetting a password revokes it on the server at once.
export { SESSION_COOKIE_NAME };

/** The signed session cookie for a set of secrets (the first signs, all verify). */
export function createSessionCookie(secrets: string[], options: { secure?: boolean } = {}): Cookie {
  return createCookie(SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure ?? process.env.NODE_ENV === "production",
    path: "/",
    secrets,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

let cookie: Cookie | undefined;

/** The application's session cookie; secrets are read on first use, not at import. */
export function getSessionCookie(): Cookie {
  cookie ??= createSessionCookie(getSessionSecrets());
  return cookie;
}

/** The token in the request's cookie when its signature checks out, otherwise null. */
export async function getSessionToken(request: Request): Promise<string | null> {
  // Remix's cookie parser wants the whole header; the quick check avoids it when there is none.
  if (readCookie(request, SESSION_COOKIE_NAME) === undefined) return null;
  try {
    const value = await getSessionCookie().parse(request.headers.get("Cookie"));
    return typeof value === "string" && value.length > 0 ? value : null;
  } catch {
    // A mangled cookie is the same as no cookie.
    return null;
  }
}

/** The signed-in staff user, or null when the cookie is missing, forged, expired or revoked. */
export async function getUser(request: Request): Promise<User | null> {
  const token = await getSessionToken(request);
  if (!token) return null;
  return getSessionUser(getDb(), token, "web");
}

/** The path and query to come back to after signing in, without Remix's internal parameters. */
export function returnPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  return url.pathname + url.search;
}

export function loginUrl(redirectTo?: string): string {
  if (!redirectTo || redirectTo === DASHBOARD_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ redirectTo })}`;
}

/**
 * The signed-in staff user. Otherwise throws a redirect to the login page that remembers
 * where the visitor was going (and clears a cookie that no longer works). Every admin loader
 * and action calls this itself: a parent route's loader does not guard its children.
 */
export async function requireAdmin(request: Request): Promise<User> {
  const user = await getUser(request);
  if (user) return user;
  const headers = new Headers();
  if (hasSessionCookie(request)) {
    headers.append("Set-Cookie", await clearSessionCookie());
  }
  throw redirect(loginUrl(returnPath(request)), { headers });
}

function clearSessionCookie(): Promise<string> {
  return getSessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * Signs a user in: a brand-new session row and token at every login (never reusing an id
 * from the request, so a planted cookie cannot be fixated). A session the same browser
 * already held is ended; sessions in other browsers stay valid.
 */
export async function createUserSession({
  request,
  userId,
  redirectTo,
}: {
  request: Request;
  userId: number;
  redirectTo: string;
}): Promise<Response> {
  const db = getDb();
  const previous = await getSessionToken(request);
  if (previous) await deleteSession(db, previous);
  const { token, expiresAt } = await createSession(db, userId, "web");
  const setCookie = await getSessionCookie().serialize(token, { expires: expiresAt });
  return redirect(redirectTo, { status: 303, headers: { "Set-Cookie": setCookie } });
}

/** Ends the session in the request (its row is deleted) and clears the cookie. */
export async function logout(request: Request): Promise<Response> {
  const token = await getSessionToken(request);
  if (token) await deleteSession(getDb(), token);
  return redirect(LOGIN_PATH, { status: 303, headers: { "Set-Cookie": await clearSessionCookie() } });
}
