import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { NewsletterPage } from "~/components/newsletter-page";
import { newsletterConsent, newsletterPages } from "~/content/mail";
import { parseFormBody } from "~/infra/body.server";
import { checkUnsubscribeToken, unsubscribe } from "~/services/newsletter.server";
import { pageMeta } from "~/utils/meta";

// The per-subscriber unsubscribe link in the text of every newsletter message. GET shows one
// button; its POST unsubscribes at once (repeats too answer 200); a link that matches nobody
// gets a 404. The List-Unsubscribe header names newsletter.one-click.$token.ts instead, for
// mail programs' one-click POSTs (RFC 8058).

const NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
const MAX_BODY_BYTES = 4 * 1024;

export async function loader({ params }: LoaderFunctionArgs) {
  const check = await checkUnsubscribeToken(params.token ?? "");
  return json({ valid: check.ok }, { status: check.ok ? 200 : check.status, headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  // The token authorises the post; a body that cannot be read still unsubscribes.
  const form = await parseFormBody(request, MAX_BODY_BYTES).catch(() => null);
  const via = form?.get("intent") === "unsubscribe" || !form ? "page" : "one-click";
  const result = await unsubscribe(params.token ?? "", via);
  return json({ unsubscribed: result.ok }, { status: result.ok ? 200 : result.status, headers: NO_STORE });
}

export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction = () => [
  ...pageMeta({ title: newsletterPages.unsubscribeTitle, description: "Unsubscribe from our newsletter." }),
  { name: "robots", content: "noindex" },
];

export default function Unsubscribe() {
  const { valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";

  if (actionData?.unsubscribed) {
    return (
      <NewsletterPage title={newsletterPages.unsubscribedTitle}>
        <p role="status">{newsletterPages.unsubscribedText}</p>
        <p>
          <Link to="/publications" className="link">
            Go to Publications
          </Link>
        </p>
      </NewsletterPage>
    );
  }
  if (!valid || actionData) {
    return (
      <NewsletterPage title={newsletterPages.badUnsubscribeTitle}>
        <p>{newsletterPages.badUnsubscribeText}</p>
      </NewsletterPage>
    );
  }
  return (
    <NewsletterPage title={newsletterPages.unsubscribeTitle}>
      <p>{newsletterConsent.unsubscribePage}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="unsubscribe" />
        <button type="submit" className="btn-primary" disabled={busy}>
          {newsletterPages.unsubscribeButton}
        </button>
      </Form>
    </NewsletterPage>
  );
}
