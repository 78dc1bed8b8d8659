// Route glue (app/routes/_glue/: the HTTP side shared by routes; no route lives here, since
// remix-flat-routes takes no `.server` file as a route): the staff guard every staff loader and
// action calls, and the redirect or 403 it throws. Who is signed in and what a role allows are
// the session service's (app/staff/services/session.server.ts), which answers with data.
import { redirect } from "@remix-run/node";
import { hasSessionCookie } from "~/infra/cookies.server";
import { allows, clearSessionCookie, getUser, type Access } from "~/staff/index.server";
import { twoStepMissing } from "~/staff/index.server";
import type { User } from "~/staff/index.server";
import { adminPaths, dashboardSections, DASHBOARD_PATH, LOGIN_PATH } from "~/utils/admin-paths";

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
 * where the visitor was going (and clears a cookie that no longer works). Use `requireRole`
 * in routes: it states which section the route belongs to.
 */
async function requireSignedIn(request: Request): Promise<User> {
  const user = await getUser(request);
  if (user) return user;
  const headers = new Headers();
  if (hasSessionCookie(request)) {
    headers.append("Set-Cookie", await clearSessionCookie());
  }
  throw redirect(loginUrl(returnPath(request)), { headers });
}

/**
 * @deprecated Say which section the route belongs to: `requireRole(request, "news")`. Kept so
 * that code written before roles still compiles; it lets admins only, the safe default, and
 * the role table test (tests/integration/role-table.test.ts) asks for a decision.
 */
export function requireAdmin(request: Request): Promise<User> {
  return requireRole(request, ["admin"]);
}

/** The 403 a disallowed role gets; the dashboard's error boundary shows its message. */
export function forbidden(access: Access): Response {
  const section =
    typeof access === "string" ? dashboardSections.find((candidate) => candidate.key === access)?.label : undefined;
  const message = section
    ? `Your role does not give access to ${section}. Ask an admin if you need it.`
    : "Your role does not give access to this page. Ask an admin if you need it.";
  return new Response(message, {
    status: 403,
    statusText: "Forbidden",
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/**
 * The signed-in person, when their role may open `access`; every staff loader and action
 * calls this itself (a parent route's loader does not guard its children), naming its
 * section. Not signed in: a redirect to the sign-in page. Signed in with another role: 403.
 * When the team must use two-step sign-in and this person has not set it up yet, every staff
 * page but their account sends them to set it up.
 */
export async function requireRole(request: Request, access: Access): Promise<User> {
  const user = await requireSignedIn(request);
  if (!allows(user.role, access)) throw forbidden(access);
  // The account pages (and the dashboard shell around them) stay open, so setting up is possible.
  const { pathname } = new URL(request.url);
  const onAccountPage = pathname === adminPaths.account || pathname.startsWith(`${adminPaths.account}/`);
  if (!onAccountPage && (await twoStepMissing(user.id))) {
    throw redirect(adminPaths.twoStep);
  }
  return user;
}
