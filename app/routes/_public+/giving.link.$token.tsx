import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { GivingLinkForm } from "~/components/giving/link-form";
import { givingLinkWords as words } from "~/content/giving-link";
import {
  checkDonorLink,
  DonorLinkError,
  GIVING_HEADERS,
  json,
  openDonorLink,
  redirect,
  refuseCrossSite,
} from "~/routes/_glue/giving-page.server";
import { givingPaths } from "~/utils/giving-paths";
import { pageMeta } from "~/utils/meta";

// The single-use link e-mailed by Your giving. Opening it (GET or HEAD, as a mail scanner or a
// link preview does too) only checks it and shows a "Sign in" button; the button's POST uses it
// up and signs the donor in (a donor session, its cookie set on the redirect to /giving), as staff
// links do. A link used before, expired or not ours says so plainly and offers a new one
// (docs/decisions/0028-your-giving.md).

type Reason = DonorLinkError["reason"];

export async function loader({ params }: LoaderFunctionArgs) {
  try {
    await checkDonorLink(params.token);
    return json({ reason: null as Reason | null }, { headers: GIVING_HEADERS });
  } catch (error) {
    if (!(error instanceof DonorLinkError)) throw error;
    return json({ reason: error.reason as Reason | null }, { status: error.status, headers: GIVING_HEADERS });
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  refuseCrossSite(request);
  try {
    const setCookie = await openDonorLink(params.token, request);
    return redirect(givingPaths.account, { status: 303, headers: { ...GIVING_HEADERS, "Set-Cookie": setCookie } });
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
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const reason = acted && "reason" in acted ? acted.reason : loaded.reason;
  if (reason === null) {
    return (
      <section className="container-page max-w-2xl py-14">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{words.signInTitle}</h1>
        <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{words.signInText}</p>
        <Form method="post" className="mt-6">
          <button type="submit" className="btn-primary">
            {words.signInButton}
          </button>
        </Form>
      </section>
    );
  }
  const page = pages[reason];
  return (
    <section className="container-page max-w-2xl py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{page.title}</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{page.text}</p>
      <h2 id="new-link-heading" className="mt-8 mb-4 text-2xl font-bold text-slate-900 dark:text-white">
        {words.newLinkHeading}
      </h2>
      <GivingLinkForm headingId="new-link-heading" />
    </section>
  );
}
