// Shared by the admin integration tests: form posts the way a browser sends them, the session
// cookie of a signed-in staff user, and calls into route modules that may throw responses.
import { createSession } from "~/staff/models/session.server";
import { createUser, getUserByUsername, type User } from "~/staff/models/user.server";
import { getDb } from "~/infra/db.server";
import { getSessionCookie } from "~/staff/services/session.server";
import { takeFlash } from "~/site/services/flash.server";

export const BASE = "http://localhost";
export const ADMIN_USERNAME = "admin";
export const ADMIN_PASSWORD = "correct-horse-battery-staple";

/** The admin user, created once per test file's database (hashing a password is slow). */
export async function ensureAdmin(): Promise<User> {
  return (await getUserByUsername(getDb(), ADMIN_USERNAME)) ?? createUser(getDb(), ADMIN_USERNAME, ADMIN_PASSWORD);
}

/** A fresh web session for the admin, as the Cookie header a browser would send. */
export async function adminCookie(): Promise<{ cookie: string; token: string; user: User }> {
  const user = await ensureAdmin();
  const { token } = await createSession(getDb(), user.id, "web");
  return { cookie: await cookieFor(token), token, user };
}

/** The Cookie request header carrying a session token, signed like the app signs it. */
export async function cookieFor(token: string): Promise<string> {
  const setCookie = await getSessionCookie().serialize(token);
  return setCookie.split(";")[0];
}

/** The session token a Set-Cookie header carries, or null when it clears the cookie. */
export async function tokenFromSetCookie(setCookie: string | null): Promise<string | null> {
  if (!setCookie) return null;
  const value = await getSessionCookie().parse(setCookie.split(";")[0]);
  return typeof value === "string" && value ? value : null;
}

export interface FormInit {
  cookie?: string;
  headers?: Record<string, string>;
}

/** A same-origin browser form post (Sec-Fetch-Site: same-origin, urlencoded body). */
export function postForm(path: string, fields: Record<string, string> | URLSearchParams, init: FormInit = {}): Request {
  return new Request(new URL(path, BASE).toString(), {
    method: "POST",
    body: fields instanceof URLSearchParams ? fields : new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Site": "same-origin",
      Origin: BASE,
      ...(init.cookie ? { Cookie: init.cookie } : {}),
      ...init.headers,
    },
  });
}

export function getRequest(path: string, init: FormInit = {}): Request {
  return new Request(new URL(path, BASE).toString(), {
    headers: { ...(init.cookie ? { Cookie: init.cookie } : {}), ...init.headers },
  });
}

type RouteFn = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: Record<string, unknown>;
}) => unknown;

/**
 * Runs a loader or action the way Remix does and returns its Response, whether returned or
 * thrown (redirects and 4xx responses are thrown). Anything else thrown is a bug and fails.
 */
export async function run(fn: unknown, request: Request, params: Record<string, string> = {}): Promise<Response> {
  try {
    const result = await (fn as RouteFn)({ request, params, context: {} });
    if (result instanceof Response) return result;
    return new Response(JSON.stringify(result), { status: 200 });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

export async function bodyOf(response: Response): Promise<any> {
  return JSON.parse(await response.text());
}

/** How many web (browser) sessions exist. */
export async function sessionCount(): Promise<number> {
  const row = await getDb()
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("kind", "=", "web")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Where a staff action's 303 goes and the saved notice the page there shows once (the words of
 * the one-time cookie it sets), as a person would read them after the redirect.
 */
export async function savedNoticeOf(response: Response): Promise<{ location: string | null; notice: string | null }> {
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0];
  const { message } = await takeFlash(new Request(BASE, { headers: { Cookie: cookie } }));
  return { location: response.headers.get("Location"), notice: message };
}
