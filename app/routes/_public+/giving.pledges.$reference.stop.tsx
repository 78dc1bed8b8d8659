import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { NewsletterPage } from "~/components/newsletter-page";
import { givingWords as words } from "~/content/giving";
import {
  donorAction,
  DonorPortalError,
  getStoppableMonthlyGift,
  GIVING_HEADERS,
  json,
  redirect,
  refusalResponse,
  requireDonor,
  savedRedirect,
  stopMonthlyGiftByDonor,
} from "~/routes/_glue/giving-page.server";
import { givingPaths } from "~/utils/giving-paths";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";

// A donor stops their own monthly gift by standing order after this confirmation (a page, with
// or without JavaScript): we cancel the pledge, and tell them only their bank can stop the
// payments. Audited as the donor's own; staff see the pledge cancelled by the donor.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const supporterId = await requireDonor(request);
  const gift = await getStoppableMonthlyGift(supporterId, params.reference ?? "").catch((error: unknown) => {
    if (error instanceof DonorPortalError && error.status === 409) return null;
    return refusalResponse(error);
  });
  if (!gift) return redirect(givingPaths.account, { status: 303, headers: GIVING_HEADERS });
  return json({ gift }, { headers: GIVING_HEADERS });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { supporterId } = await donorAction(request);
  await stopMonthlyGiftByDonor(supporterId, params.reference ?? "").catch(refusalResponse);
  return savedRedirect(givingPaths.account, "giving-monthly-stopped", "giving");
}

export const headers: HeadersFunction = () => GIVING_HEADERS;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: words.stopTitle, description: words.description, noindex: true }, matches);

export default function StopMonthlyGift() {
  const { gift } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <NewsletterPage title={words.stopTitle}>
      <p>{words.stopLead(formatPence(gift.amountPence), gift.reference)}</p>
      <p className="rounded-md border-l-4 border-amber-500 bg-amber-50 p-3 text-base text-slate-900 dark:bg-slate-800 dark:text-slate-100">
        {gift.payBy === "card" ? words.stopCard : words.stopBank}
      </p>
      <ul className="list-disc space-y-1 pl-6 text-base">
        {words.stopEffects.map((effect) => (
          <li key={effect}>{effect}</li>
        ))}
      </ul>
      <Form method="post" className="flex flex-wrap items-center gap-4 pt-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {words.stopConfirm}
        </button>
        <Link to={givingPaths.account} className="link text-base">
          {words.stopKeep}
        </Link>
      </Form>
    </NewsletterPage>
  );
}
