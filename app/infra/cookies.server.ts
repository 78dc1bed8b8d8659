import { parse } from "cookie";

/**
 * The request's cookies, parsed once per request (a WeakMap keyed by the Request), so the
 * session, the theme and the page cache all read the same answer.
 */
const parsed = new WeakMap<Request, Record<string, string | undefined>>();

export function readCookies(request: Request): Record<string, string | undefined> {
  let cookies = parsed.get(request);
  if (!cookies) {
    cookies = parse(request.headers.get("Cookie") ?? "");
    parsed.set(request, cookies);
  }
  return cookies;
}

/** The raw value of one cookie, or undefined when the request does not carry it. */
export function readCookie(request: Request, name: string): string | undefined {
  return readCookies(request)[name];
}

/** The staff session cookie's name; its value is signed (see app/staff/services/session.server.ts). */
export const SESSION_COOKIE_NAME = "__session";

/** Whether the request carries a staff session cookie at all (valid or not). */
export function hasSessionCookie(request: Request): boolean {
  return readCookie(request, SESSION_COOKIE_NAME) !== undefined;
}
