import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { NewsletterPage } from "~/components/newsletter-page";
import { newsletterConsent, newsletterPages } from "~/content/mail";
import { checkConfirmToken, confirmSubscription } from "~/services/newsletter.server";
import { pageMeta } from "~/utils/meta";

// The link in the confirmation message. Its GET only shows a button: mail scanners that open
// links must not confirm anyone. The POST confirms. A wrong, used or expired link: 404 / 410.

const NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ params }: LoaderFunctionArgs) {
  const check = await checkConfirmToken(params.token ?? "");
  return json({ valid: check.ok }, { status: check.ok ? 200 : check.status, headers: NO_STORE });
}

export async function action({ params }: ActionFunctionArgs) {
  const result = await confirmSubscription(params.token ?? "");
  return json({ confirmed: result.ok }, { status: result.ok ? 200 : result.status, headers: NO_STORE });
}

export const headers: HeadersFunction = () => NO_STORE;

export const meta: MetaFunction = () => [
  ...pageMeta({ title: newsletterPages.confirmTitle, description: "Confirm your newsletter subscription." }),
  { name: "robots", content: "noindex" },
];

export default function ConfirmSubscription() {
  const { valid } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";

  if (actionData?.confirmed) {
    return (
      <NewsletterPage title={newsletterPages.confirmedTitle}>
        <p role="status">{newsletterPages.confirmedText}</p>
        <p>
          <Link to="/" className="link">
            Back to the home page
          </Link>
        </p>
      </NewsletterPage>
    );
  }
  if (!valid || actionData) {
    return (
      <NewsletterPage title={newsletterPages.badConfirmTitle}>
        <p>{newsletterPages.badConfirmText}</p>
        <p>
          <Link to="/publications" className="link">
            Go to Publications
          </Link>
        </p>
      </NewsletterPage>
    );
  }
  return (
    <NewsletterPage title={newsletterPages.confirmTitle}>
      <p>{newsletterConsent.confirm}</p>
      <Form method="post">
        <button type="submit" className="btn-primary" disabled={busy}>
          {newsletterPages.confirmButton}
        </button>
      </Form>
    </NewsletterPage>
  );
}
