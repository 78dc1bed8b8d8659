import { json } from "@remix-run/node";

// Route glue (app/routes/_glue/, never a route): pages opened from a link in an email (newsletter confirm and unsubscribe): the token in the
// address is a credential, so the page is never cached nor indexed.

export const TOKEN_PAGE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

type Check = { ok: true } | { ok: false; status: number };

/** `{ [key]: true }` with 200, or `{ [key]: false }` with the check's status (404 or 410). */
export function tokenPageJson<K extends string>(key: K, check: Check) {
  return json({ [key]: check.ok } as Record<K, boolean>, {
    status: check.ok ? 200 : check.status,
    headers: TOKEN_PAGE_HEADERS,
  });
}
