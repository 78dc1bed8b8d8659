import crypto from "node:crypto";
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

/**
 * What this browser's cookie says: its own random id (so failures can be counted per browser, not
 * per network address: an office behind one address shares it) and the people who signed in with
 * it. A cookie from before the id existed (a bare list) has people but no id until the next sign-in.
 */
export interface KnownDevice {
  id: string | null;
  userIds: number[];
}

const NO_DEVICE: KnownDevice = { id: null, userIds: [] };
const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id)) : [];

/** The browser's known-device cookie (an unsigned or mangled cookie: none). */
export async function knownDeviceOf(request: Request): Promise<KnownDevice> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(KNOWN_DEVICE_COOKIE_NAME)) return NO_DEVICE;
  try {
    const value: unknown = await knownDeviceCookie().parse(header);
    if (Array.isArray(value)) return { id: null, userIds: ids(value) };
    if (value && typeof value === "object") {
      const { d, u } = value as { d?: unknown; u?: unknown };
      return { id: typeof d === "string" && /^[A-Za-z0-9_-]{16,64}$/.test(d) ? d : null, userIds: ids(u) };
    }
    return NO_DEVICE;
  } catch {
    return NO_DEVICE;
  }
}

/** The Set-Cookie value that adds `userId` to this browser's known people (and renews the cookie, giving it an id). */
export async function rememberDevice(request: Request, userId: number): Promise<string> {
  const device = await knownDeviceOf(request);
  const others = device.userIds.filter((id) => id !== userId);
  return knownDeviceCookie().serialize({
    d: device.id ?? crypto.randomBytes(18).toString("base64url"),
    u: [userId, ...others].slice(0, MAX_PEOPLE),
  });
}
