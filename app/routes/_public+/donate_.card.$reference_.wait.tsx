import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageBanner } from "~/components/page-banner";
import { CardGiftChoiceForm, CardGiftPanel } from "~/components/card-gift-panel";
import { pledgeErrorBoundary } from "~/components/pledge-error";
import { cardWait } from "~/content/card-gift";
import { donationTypeLabel } from "~/content/donate";
import { site } from "~/content/site";
import { cardReturnPath, cardWaitStatus, json, redirect } from "~/routes/_imports/card-wait-page.server";
import { formatPence } from "~/utils/money";
import { pageMeta } from "~/utils/meta";
import { notFound } from "~/utils/http";

// Appeal night: a card gift whose Checkout Session Stripe's rate limit held back
// waits here while the queue makes it (app/giving/services/checkout-queue.server.ts). The page
// refreshes itself (the Refresh header: no JavaScript needed) and, as soon as
// the session is made, the loader sends the donor to it. The bank transfer is always offered.

export async function loader({ params }: LoaderFunctionArgs) {
  const reference = params.reference ?? "";
  const status = await cardWaitStatus(reference);
  if (!status) throw notFound("Pledge not found");
  const noStore = { "Cache-Control": "private, no-store" };
  if (status.state === "checkout") return redirect(status.url, { status: 303, headers: noStore });
  if (status.state === "done") return redirect(status.location, { status: 303, headers: noStore });
  const waiting = status.state === "waiting";
  return json(
    {
      waiting,
      slow: waiting && status.waitedSeconds >= cardWait.slowAfterSeconds,
      reference: status.reference,
      amount: formatPence(status.amountPence),
      typeLabel: donationTypeLabel(status.type),
      returnPath: cardReturnPath(status.reference, true),
    },
    { headers: waiting ? { ...noStore, Refresh: String(cardWait.refreshSeconds) } : noStore },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const refresh = loaderHeaders.get("Refresh");
  return {
    "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store",
    ...(refresh ? { Refresh: refresh } : {}),
  };
};

// The refresh is the Refresh header only, not a <meta http-equiv="refresh"> (docs/decisions/0033-appeal-night-group-commit.md):
// the page reloads itself, without JavaScript, only while the session is being made, and says so.
export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  pageMeta(
    {
      title: error ? "Pledge not found" : data?.waiting ? cardWait.title : cardWait.failedTitle,
      description: `Your gift to ${site.name} by card.`,
      noindex: true,
    },
    matches,
  );

export default function CardWait() {
  const gift = useLoaderData<typeof loader>();
  return (
    <>
      <PageBanner
        title={gift.waiting ? cardWait.title : cardWait.failedTitle}
        lead={gift.waiting ? cardWait.lead : cardWait.failedLead}
      />
      <CardGiftPanel gift={gift}>
        {gift.waiting ? (
          <p role="status" className="mt-6 font-semibold text-slate-900 dark:text-white">
            {gift.slow ? cardWait.slow : cardWait.waiting}
          </p>
        ) : null}
        {/* Plain document posts and links: the page's own refresh timer ends with it. */}
        <div className="mt-6 flex flex-wrap items-center gap-3">
          {gift.waiting ? (
            <Link to="." reloadDocument className="btn-donate">
              {cardWait.checkNow}
            </Link>
          ) : (
            <CardGiftChoiceForm choice="retry" action={gift.returnPath} reloadDocument />
          )}
          <CardGiftChoiceForm choice="bank" action={gift.returnPath} reloadDocument />
        </div>
      </CardGiftPanel>
    </>
  );
}

export const ErrorBoundary = pledgeErrorBoundary("gift");
