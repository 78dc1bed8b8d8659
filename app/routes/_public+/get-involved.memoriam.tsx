import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { getInvolvedMeta } from "~/components/get-involved-article";
import { StartPageGetInvolved } from "~/components/start-page";
import { getInvolvedAction, loadGetInvolvedPage, pageHeaders } from "~/routes/_imports/memoriam-page.server";

// A Get Involved page with "Start your page" (app/components/start-page.tsx): a route of its
// own beside get-involved.$page.tsx (a static segment wins over `$page`), so the page ships this
// form and not the volunteer application form, and the volunteer pages not this one.

/**
 * Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts); the
 * address of an appeal's "Start fundraising for this appeal" (`?appeal=slug`) is rendered afresh.
 */
export const handle: PageCacheHandle = { pageCache: true, query: ["appeal"] };

export const loader = ({ request }: LoaderFunctionArgs) => loadGetInvolvedPage("memoriam", request);

/** A refused post (429) keeps its Retry-After on the page shown without JavaScript. */
export const headers: HeadersFunction = (args) => pageHeaders(args);

export const action = ({ request }: ActionFunctionArgs) => getInvolvedAction(request, "memoriam");

export const meta = getInvolvedMeta;

export default function Memoriam() {
  return <StartPageGetInvolved kind="memoriam" />;
}
