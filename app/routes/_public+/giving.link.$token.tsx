import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GivingLinkForm } from "~/components/giving/link-form";
import { NewsletterPage } from "~/components/newsletter-page";
import { givingWords as words } from "~/content/giving";
import { DonorLinkError, GIVING_HEADERS, json, openDonorLink, redirect } from "~/routes/_glue/giving-page.server";
import { givingPaths } from "~/utils/giving-paths";
import { pageMeta } from "~/utils/meta";

// The single-use link e-mailed by Your giving: opening it signs the donor in (a donor session,
// its cookie set on the redirect to /giving). A link used before, expired or not ours says so
// plainly and offers a new one (docs/decisions.md §28).

export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    const setCookie = await openDonorLink(params.token, request);
    return redirect(givingPaths.home, { status: 303, headers: { ...GIVING_HEADERS, "Set-Cookie": setCookie } });
  } catch (error) {
    if (!(error instanceof DonorLinkError)) throw error;
    return json({ reason: error.reason }, { status: error.status, headers: GIVING_HEADERS });
  }
}

export const headers: HeadersFunction = () => GIVING_HEADERS;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: words.title, description: words.description, noindex: true }, matches);

const pages = {
  used: { title: words.linkUsedTitle, text: words.linkUsedText },
  expired: { title: words.linkExpiredTitle, text: words.linkExpiredText },
  invalid: { title: words.linkBadTitle, text: words.linkBadText },
} as const;

export default function GivingLink() {
  const { reason } = useLoaderData<typeof loader>();
  const page = pages[reason];
  return (
    <NewsletterPage title={page.title}>
      <p>{page.text}</p>
      <h2 id="new-link-heading" className="pt-4 text-2xl font-bold text-slate-900 dark:text-white">
        {words.newLinkHeading}
      </h2>
      <GivingLinkForm headingId="new-link-heading" />
    </NewsletterPage>
  );
}
