// Route glue (app/routes/_glue/: the HTTP side shared by routes; no route lives here, since
// remix-flat-routes takes no `.server` file as a route): the `headers` export of every page
// whose action can refuse with 429. Remix builds a document's headers from the route's
// `headers` function alone (or the parent's, when there is none): an action's own headers are
// dropped unless that function passes them on, so a page without JavaScript got its 429 with no
// `Retry-After`. Every such page's `headers` answers `pageHeaders(args, …)` instead.
import type { HeadersArgs } from "@remix-run/node";

/** The refusal headers an action's answer carries through to the page. */
const KEPT_FROM_ACTION = ["Retry-After"] as const;

/**
 * The page's headers: `own` when given, otherwise what the parent route set (as Remix does for
 * a route without `headers`), plus the action's `Retry-After`, whether the action returned its
 * answer or threw it. Called inside the route's own function,
 * `export const headers: HeadersFunction = (args) => pageHeaders(args, {...})`, never at module
 * load: this module is left out of the browser's bundle.
 */
export function pageHeaders(
  { parentHeaders, actionHeaders, errorHeaders }: HeadersArgs,
  own?: Record<string, string>,
): Headers {
  const headers = new Headers(own ?? parentHeaders);
  for (const name of KEPT_FROM_ACTION) {
    const value = actionHeaders.get(name) ?? errorHeaders?.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
