import { nodeEnvIs } from "~/infra/env.server";
import { createCookie } from "@remix-run/node";
import { savedNotices as flashMessages, type SavedNoticeCode } from "~/content/saved-notices";

/**
 * A one-time message for the next page after a staff action redirects ("Article saved."), without
 * JavaScript and without changing the URL: a short-lived cookie holds a code for the message
 * (the words are in app/content/saved-notices.ts), and the page that shows it clears it.
 */
export type FlashCode = SavedNoticeCode;

const flashCookie = createCookie("flash", {
  httpOnly: true,
  sameSite: "lax",
  secure: nodeEnvIs("production"),
  path: "/admin",
  maxAge: 60,
});

/** The Set-Cookie header that leaves `code`'s message for the next page. */
export function setFlash(code: FlashCode): Promise<string> {
  return flashCookie.serialize(code);
}

/** The message waiting for this page (or null), and the header that clears it. */
export async function takeFlash(request: Request): Promise<{ message: string | null; headers: HeadersInit }> {
  const code = (await flashCookie.parse(request.headers.get("Cookie")).catch(() => null)) as unknown;
  if (typeof code !== "string" || !(code in flashMessages)) return { message: null, headers: {} };
  return {
    message: flashMessages[code as FlashCode],
    headers: { "Set-Cookie": await flashCookie.serialize("", { maxAge: 0 }) },
  };
}
