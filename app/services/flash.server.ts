import { nodeEnvIs } from "~/infra/env.server";
import { createCookie } from "@remix-run/node";
import { savedNotices as flashMessages, type SavedNoticeCode } from "~/content/saved-notices";

/**
 * A one-time message for the next page after a staff action redirects ("Article saved."), without
 * JavaScript and without changing the URL: a short-lived cookie holds a code for the message
 * (the words are in app/content/saved-notices.ts), and the page that shows it clears it.
 */
export type FlashCode = SavedNoticeCode;

/** Staff pages (/admin) and the donors' own pages (/giving, docs/decisions.md §28) each have their own. */
export type FlashArea = "admin" | "giving";

const flashCookies = {
  admin: createCookie("flash", {
    httpOnly: true,
    sameSite: "lax",
    secure: nodeEnvIs("production"),
    path: "/admin",
    maxAge: 60,
  }),
  giving: createCookie("giving_flash", {
    httpOnly: true,
    sameSite: "lax",
    secure: nodeEnvIs("production"),
    path: "/giving",
    maxAge: 60,
  }),
};

/** The Set-Cookie header that leaves `code`'s message for the next page. */
export function setFlash(code: FlashCode, area: FlashArea = "admin"): Promise<string> {
  return flashCookies[area].serialize(code);
}

/** The message waiting for this page (or null), and the header that clears it. */
export async function takeFlash(
  request: Request,
  area: FlashArea = "admin",
): Promise<{ message: string | null; headers: HeadersInit }> {
  const flashCookie = flashCookies[area];
  const code = (await flashCookie.parse(request.headers.get("Cookie")).catch(() => null)) as unknown;
  if (typeof code !== "string" || !(code in flashMessages)) return { message: null, headers: {} };
  return {
    message: flashMessages[code as FlashCode],
    headers: { "Set-Cookie": await flashCookie.serialize("", { maxAge: 0 }) },
  };
}
