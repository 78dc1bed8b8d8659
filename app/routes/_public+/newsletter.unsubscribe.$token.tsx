import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TokenActionPage } from "~/components/newsletter-page";
import { unsubscribePage } from "~/content/newsletter-pages";
import { parseFormBody } from "~/infra/body.server";
import { TOKEN_PAGE_HEADERS, tokenPageJson } from "~/routes/_glue/token-page.server";
import { checkUnsubscribeToken, unsubscribe } from "~/publishing/index.server";
import { pageMeta } from "~/utils/meta";

// The per-subscriber unsubscribe link in the text of every newsletter message. GET shows one
// button; its POST unsubscribes at once (repeats too answer 200); a link that matches nobody
// gets a 404. The List-Unsubscribe header names newsletter.one-click.$token.ts instead, for
// mail programs' one-click POSTs (RFC 8058).

const MAX_BODY_BYTES = 4 * 1024;

export async function loader({ params }: LoaderFunctionArgs) {
  return tokenPageJson("valid", await checkUnsubscribeToken(params.token ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  // The token authorises the post; a body that cannot be read still unsubscribes.
  const form = await parseFormBody(request, MAX_BODY_BYTES).catch(() => null);
  const via = form?.get("intent") === "unsubscribe" || !form ? "page" : "one-click";
  return tokenPageJson("unsubscribed", await unsubscribe(params.token ?? "", via));
}

export const headers: HeadersFunction = () => TOKEN_PAGE_HEADERS;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    { title: unsubscribePage.ask.title, description: "Unsubscribe from our newsletter.", noindex: true },
    matches,
  );

export default function Unsubscribe() {
  const { valid } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>()?.unsubscribed;
  return <TokenActionPage valid={valid} outcome={outcome} {...unsubscribePage} />;
}
