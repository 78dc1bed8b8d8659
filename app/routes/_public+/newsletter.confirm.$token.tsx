import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TokenActionPage } from "~/components/newsletter-page";
import { newsletterConsent, newsletterPages } from "~/content/newsletter-consent";
import { TOKEN_PAGE_HEADERS, tokenPageJson } from "~/routes/_glue/token-page.server";
import { checkConfirmToken, confirmSubscription } from "~/services/newsletter.server";
import { pageMeta } from "~/utils/meta";

// The link in the confirmation message. Its GET only shows a button: mail scanners that open
// links must not confirm anyone. The POST confirms. A wrong, used or expired link: 404 / 410.

export async function loader({ params }: LoaderFunctionArgs) {
  return tokenPageJson("valid", await checkConfirmToken(params.token ?? ""));
}

export async function action({ params }: ActionFunctionArgs) {
  return tokenPageJson("confirmed", await confirmSubscription(params.token ?? ""));
}

export const headers: HeadersFunction = () => TOKEN_PAGE_HEADERS;

export const meta: MetaFunction = () =>
  pageMeta({
    title: newsletterPages.confirmTitle,
    description: "Confirm your newsletter subscription.",
    noindex: true,
  });

export default function ConfirmSubscription() {
  const { valid } = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>()?.confirmed;
  return (
    <TokenActionPage
      valid={valid}
      outcome={outcome}
      ask={{
        title: newsletterPages.confirmTitle,
        text: newsletterConsent.confirm,
        button: newsletterPages.confirmButton,
      }}
      done={{
        title: newsletterPages.confirmedTitle,
        text: newsletterPages.confirmedText,
        link: { to: "/", label: "Back to the home page" },
      }}
      bad={{
        title: newsletterPages.badConfirmTitle,
        text: newsletterPages.badConfirmText,
        link: { to: "/publications", label: "Go to Publications" },
      }}
    />
  );
}
