import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { json } from "@remix-run/node";
import { TextPage, TokenActionPage } from "~/components/newsletter-page";
import { confirmPage } from "~/content/newsletter-pages";
import { TOKEN_PAGE_HEADERS, tokenPageJson } from "~/routes/_glue/token-page.server";
import { checkConfirmToken, confirmSubscription } from "~/publishing/index.server";
import { pageMeta } from "~/utils/meta";

// The link in the confirmation message. Its GET only shows a button: mail scanners that open
// links must not confirm anyone. The POST confirms. Opened again by a subscriber still confirmed:
// "already confirmed" (200). A wrong link: 404; an expired one, or used by someone who has since
// left the list: 410.

export async function loader({ params }: LoaderFunctionArgs) {
  const check = await checkConfirmToken(params.token ?? "");
  if (check.ok === "already-confirmed") {
    return json({ valid: false, alreadyConfirmed: true }, { headers: TOKEN_PAGE_HEADERS });
  }
  return tokenPageJson("valid", check);
}

export async function action({ params }: ActionFunctionArgs) {
  const check = await confirmSubscription(params.token ?? "");
  // A second press of the button (or a resent form) finds the subscription confirmed: so it is.
  return tokenPageJson("confirmed", check.ok === "already-confirmed" ? { ok: true } : check);
}

export const headers: HeadersFunction = () => TOKEN_PAGE_HEADERS;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: confirmPage.ask.title,
      description: "Confirm your newsletter subscription.",
      noindex: true,
    },
    matches,
  );

export default function ConfirmSubscription() {
  const data = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>()?.confirmed;
  if ("alreadyConfirmed" in data && outcome === undefined) return <TextPage page={confirmPage.already} />;
  return <TokenActionPage valid={data.valid} outcome={outcome} {...confirmPage} />;
}
