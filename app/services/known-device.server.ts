import { createCookie, type Cookie } from "@remix-run/node";
import { getEnv } from "~/infra/env.server";
import { getSessionSecrets } from "~/infra/session-secret.server";
import { ADMIN_ROOT } from "~/utils/admin-paths";

/**
 * The smart lock-out's "known device" (docs/team.md): each successful sign-in leaves a signed,
 * httpOnly cookie naming the people who have signed in with this browser. Failed sign-ins
 * aimed at a username from elsewhere then never refuse that person in this browser; strangers
 * are held to every failure for the name. The cookie is scoped to the staff area, so public
 * pages (and shared caches) never see it, and it outlives sign-out: it says who has used this
 * browser, not who is signed in.
 */
export const KNOWN_DEVICE_COOKIE_NAME = "__known_device";
const KNOWN_DEVICE_DAYS = 365;
/** People remembered per browser at most (the most recent are kept). */
const MAX_PEOPLE = 5;

let cookie: Cookie | undefined;
function knownDeviceCookie(): Cookie {
  cookie ??= createCookie(KNOWN_DEVICE_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().NODE_ENV === "production",
    path: ADMIN_ROOT,
    secrets: getSessionSecrets(),
    maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
  });
  return cookie;
}

/** The ids of the people who signed in with this browser before (an unsigned or mangled cookie: none). */
export async function knownDeviceUserIds(request: Request): Promise<number[]> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(KNOWN_DEVICE_COOKIE_NAME)) return [];
  try {
    const value: unknown = await knownDeviceCookie().parse(header);
    return Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id)) : [];
  } catch {
    return [];
  }
}

/** The Set-Cookie value that adds `userId` to this browser's known people (and renews the cookie). */
export async function rememberDevice(request: Request, userId: number): Promise<string> {
  const others = (await knownDeviceUserIds(request)).filter((id) => id !== userId);
  return knownDeviceCookie().serialize([userId, ...others].slice(0, MAX_PEOPLE));
}
