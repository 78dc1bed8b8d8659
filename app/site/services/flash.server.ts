import { nodeEnvIs } from "~/infra/env.server";
import { createCookie } from "@remix-run/node";
import {
  savedNotices as flashMessages,
  savedNoticeText,
  type SavedNoticeCode,
  type SavedNoticeValues,
} from "~/content/saved-notices";

/**
 * A one-time message for the next page after a staff action redirects ("Article saved."), without
 * JavaScript and without changing the URL: a short-lived cookie holds a code for the message
 * (the words are in app/content/saved-notices.ts), and the page that shows it clears it.
 */
export type FlashCode = SavedNoticeCode;

/** Staff pages (/admin) and the donors' own pages (/giving, docs/decisions/0028-your-giving.md) each have their own. */
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

/** The Set-Cookie header that leaves `code`'s message (with its numbers, if it takes some) for the next page. */
export function setFlash<Code extends FlashCode>(
  code: Code,
  area: FlashArea = "admin",
  ...values: SavedNoticeValues<Code>
): Promise<string> {
  return flashCookies[area].serialize(values.length === 0 ? code : [code, ...values]);
}

/** The code and numbers a flash cookie holds, if it holds a notice we know with whole numbers. */
function readFlash(value: unknown): { code: FlashCode; values: number[] } | null {
  const [code, ...values] = Array.isArray(value) ? (value as unknown[]) : [value];
  if (typeof code !== "string" || !(code in flashMessages)) return null;
  const wanted = typeof flashMessages[code as FlashCode] === "function" ? flashMessages[code as FlashCode].length : 0;
  if (values.length !== wanted || !values.every((n) => Number.isSafeInteger(n) && (n as number) >= 0)) return null;
  return { code: code as FlashCode, values: values as number[] };
}

/** The message waiting for this page (or null), and the header that clears it. */
export async function takeFlash(
  request: Request,
  area: FlashArea = "admin",
): Promise<{ message: string | null; headers: HeadersInit }> {
  const flashCookie = flashCookies[area];
  const flash = readFlash(await flashCookie.parse(request.headers.get("Cookie")).catch(() => null));
  if (!flash) return { message: null, headers: {} };
  return {
    message: savedNoticeText(flash.code, flash.values),
    headers: { "Set-Cookie": await flashCookie.serialize("", { maxAge: 0 }) },
  };
}
