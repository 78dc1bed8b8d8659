import { nodeEnvIs } from "~/infra/env.server";
import { nowDate } from "~/infra/clock.server";
import { createCookie, type Cookie } from "@remix-run/node";
import { readCookie, SESSION_COOKIE_NAME } from "~/infra/cookies.server";
import { canOpen, ROLES, type Role, type SectionKey } from "~/utils/admin-paths";
import {
  createSession,
  deleteSession,
  getSessionUser,
  SESSION_TTL_MS,
  type SignInVia,
} from "~/staff/models/session.server";

export type { SignInVia };
import { getUserById, recordSignIn } from "~/staff/models/user.server";
import { recordAudit } from "~/site/index.server";
import { sendSignInNotice } from "~/staff/services/sign-in-notice.server";
import { rememberDevice } from "~/staff/services/known-device.server";
import type { User } from "~/staff/models/user.server";
import { getDb, type DB } from "~/infra/db.server";
import { getSessionSecrets } from "~/infra/session-secret.server";

// The cookie carries only the secret token of a row in the sessions table (the row stores its
// SHA-256), so logging out or resetting a password revokes it on the server at once. This
// service answers with data (the user, whether a role may open something, Set-Cookie values);
// the guard that throws the sign-in redirect or the 403 is route glue
// (app/routes/_glue/staff-guard.server.ts `requireRole`).
export { SESSION_COOKIE_NAME };

/** The signed session cookie for a set of secrets (the first signs, all verify). */
export function createSessionCookie(secrets: string[], options: { secure?: boolean } = {}): Cookie {
  return createCookie(SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure ?? nodeEnvIs("production"),
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

/** Who may do something: a dashboard section (its roles in admin-paths.ts) or a list of roles. */
export type Access = SectionKey | readonly Role[];

/** Every signed-in person, whatever their role (the dashboard shell, the sign-out). */
export const ANY_ROLE: readonly Role[] = ROLES;

/** Whether `role` may open `access` (the guards in app/routes/_glue/ ask this). */
export function allows(role: Role, access: Access): boolean {
  return typeof access === "string" ? canOpen(role, access) : access.includes(role);
}

/** The Set-Cookie value that clears the session cookie (for a cookie that no longer works). */
export function clearSessionCookie(): Promise<string> {
  return getSessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Who is signing in, from which request, and how ("password" unless said: a password, with its code when two-step is on). */
interface SignInStep {
  request: Request;
  userId: number;
  via?: SignInVia;
}

/**
 * Signs a user in: a brand-new session row and token at every login (never reusing an id
 * from the request, so a planted cookie cannot be fixated). A session the same browser
 * already held is ended; sessions in other browsers stay valid. Returns the Set-Cookie values:
 * the new session's token first, then the browser's known-device cookie naming this person
 * (the smart lock-out, docs/team.md); the redirect is route glue (app/routes/_glue/sign-in.server.ts).
 */
export async function startUserSession({ request, userId, via = "password" }: SignInStep): Promise<string[]> {
  const db = getDb();
  const setCookie = await replaceBrowserSession(db, request, userId, "web", via);
  await recordSignIn(db, userId);
  const user = await getUserById(db, userId);
  if (user) {
    await recordAudit(db, {
      entity: "user",
      entityId: userId,
      action: "sign-in",
      detail: via === "passkey" ? "Passkey" : undefined,
      actor: user.username,
      actorId: userId,
    });
    await sendSignInNotice(
      user,
      { userAgent: request.headers.get("User-Agent"), via: via === "passkey" ? "browser, passkey" : "browser" },
      db,
    );
  }
  return [setCookie, await rememberDevice(request, userId)];
}

/** After a password change ended every session: this browser signed in again; the Set-Cookie value. */
export function renewBrowserSession(request: Request, userId: number): Promise<string> {
  return replaceBrowserSession(getDb(), request, userId, "web", "password");
}

/**
 * A new row (a session, or a pending sign-in waiting for its code) for this browser, ending the
 * one it held before; the Set-Cookie header that carries the new token.
 */
async function replaceBrowserSession(
  db: DB,
  request: Request,
  userId: number,
  kind: "web" | "2fa",
  via: SignInVia | null = null,
): Promise<string> {
  const previous = await getSessionToken(request);
  if (previous) await deleteSession(db, previous);
  const userAgent = request.headers.get("User-Agent");
  const { token, expiresAt } = await createSession(db, userId, kind, nowDate(), userAgent, via);
  return getSessionCookie().serialize(token, { expires: expiresAt });
}

/**
 * The password was right and the person has a second factor: a pending sign-in (a short-lived
 * row of kind "2fa", not a session: no staff page accepts it); the Set-Cookie value carrying it.
 */
export async function startSecondStep({ request, userId }: SignInStep): Promise<string> {
  return replaceBrowserSession(getDb(), request, userId, "2fa");
}

/** The person halfway through signing in (password right, code still to come), or null. */
export async function getPendingUser(request: Request): Promise<User | null> {
  const token = await getSessionToken(request);
  if (!token) return null;
  return getSessionUser(getDb(), token, "2fa");
}

/** Ends the session in the request (its row is deleted); the Set-Cookie value that clears the cookie. */
export async function endSession(request: Request): Promise<string> {
  const token = await getSessionToken(request);
  if (token) await deleteSession(getDb(), token);
  return clearSessionCookie();
}
