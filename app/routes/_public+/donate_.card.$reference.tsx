import { AfterGivingLinks } from "~/components/pledge-summary";
import { CardGiftChoiceForm, CardGiftPanel } from "~/components/card-gift-panel";
import { pledgeErrorBoundary } from "~/components/pledge-error";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect, redirectDocument } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageBanner } from "~/components/page-banner";
import { cardReturn } from "~/content/card-gift";
import { donationTypeLabel } from "~/content/donate";
import { site } from "~/content/site";
import { refuseCrossSite } from "~/routes/_glue/action-guard.server";
import { admitDoorAttempt } from "~/staff/index.server";
import { cardReturnPath, cardReturnStatus } from "~/giving/index.server";
import { pageBackLink } from "~/causes/index.server";
import { retryCardGift } from "~/giving/index.server";
import { CardToBankError, switchCardPledgeToBank } from "~/giving/index.server";
import { pageMeta } from "~/utils/meta";
import { notFound } from "~/utils/http";

// Where Stripe Checkout sends the donor back (success_url, or cancel_url with ?cancelled=1).
// It only reads: the payment is recorded by Stripe's signed webhook, never by this page.

export async function loader({ params, request }: LoaderFunctionArgs) {
  const status = await cardReturnStatus(params.reference ?? "");
  if (!status) throw notFound("Pledge not found");
  const url = new URL(request.url);
  const cancelled = url.searchParams.has("cancelled") && !status.received;
  // "Being confirmed": the page reloads itself (the Refresh header, as the wait page does: no
  // JavaScript needed) until Stripe's webhook has recorded the payment, for about 2 minutes.
  const checks = Math.max(0, Math.min(Number(url.searchParams.get("checks")) || 0, cardReturn.maxChecks));
  const checking = !cancelled && !status.received && !status.directDebit && checks < cardReturn.maxChecks;
  const refresh: Record<string, string> = checking
    ? { Refresh: `${cardReturn.refreshSeconds}; url=${cardReturnPath(status.reference)}?checks=${checks + 1}` }
    : {};
  // A gift through a supporter's page leads back to it (the page's id stays on the server).
  const { fundraisingPageId, ...shown } = status;
  const backToPage = await pageBackLink(fundraisingPageId);
  return json(
    { ...shown, typeLabel: donationTypeLabel(status.type), cancelled, checking, backToPage },
    { headers: { "Cache-Control": "private, no-store", ...refresh } },
  );
}

/**
 * "Try again": back to the pledge's Checkout page (the same session while it is open). Each try
 * may cost a Stripe Checkout Session, so tries are limited per pledge and per client. "Pay by
 * bank transfer instead" (intent=bank): the pledge becomes a bank pledge, e-mailed its bank
 * details and reference, and the donor sees them on the thank-you page.
 */
export async function action({ params, request }: ActionFunctionArgs) {
  refuseCrossSite(request);
  const reference = params.reference ?? "";
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") === "bank") {
    try {
      await switchCardPledgeToBank(reference);
    } catch (error) {
      if (!(error instanceof CardToBankError)) throw error;
      if (error.status === 404) throw notFound(error.message);
      // Paid by card after all: this page says so. A cancelled pledge: its thank-you page says so.
      if (error.status === 409) return redirect(cardReturnPath(reference), 303);
    }
    return redirect(`/donate/thank-you/${reference}`, 303);
  }
  const door = await admitDoorAttempt("card-retry", reference, request);
  if (!door.allowed) {
    return json(
      { refused: door.message },
      { status: 429, headers: { "Retry-After": String(door.retryAfterSeconds), "Cache-Control": "private, no-store" } },
    );
  }
  const next = await retryCardGift(reference);
  if (!next) throw notFound("Pledge not found");
  return next.document ? redirectDocument(next.location, 303) : redirect(next.location, 303);
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store",
  ...(loaderHeaders.has("Refresh") ? { Refresh: loaderHeaders.get("Refresh")! } : {}),
  ...(actionHeaders.has("Retry-After") ? { "Retry-After": actionHeaders.get("Retry-After")! } : {}),
});

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) =>
  pageMeta(
    {
      title: error ? "Pledge not found" : data?.cancelled ? cardReturn.cancelledTitle : cardReturn.confirmingTitle,
      description: `Your gift to ${site.name} by card.`,
      noindex: true,
    },
    matches,
  );

export default function CardReturn() {
  const gift = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>()?.refused;
  const lead = gift.cancelled
    ? cardReturn.cancelledLead
    : gift.received
      ? cardReturn.receivedLead
      : (gift.directDebit ?? cardReturn.confirmingLead);
  return (
    <>
      <PageBanner title={gift.cancelled ? cardReturn.cancelledTitle : cardReturn.confirmingTitle} lead={lead} />
      <CardGiftPanel gift={gift}>
        {refused ? (
          <p role="alert" className="mt-6 font-semibold text-red-800 dark:text-red-300">
            {refused}
          </p>
        ) : null}
        {gift.cancelled ? (
          <div className="mt-6 flex flex-wrap items-center gap-3">
            {gift.canRetry ? <CardGiftChoiceForm choice="retry" /> : null}
            <CardGiftChoiceForm choice="bank" />
          </div>
        ) : (
          <>
            {gift.checking ? (
              <p role="status" className="mt-6 text-slate-700 dark:text-slate-300">
                {cardReturn.checking}
              </p>
            ) : null}
            <AfterGivingLinks page={gift.backToPage} />
          </>
        )}
      </CardGiftPanel>
    </>
  );
}

export const ErrorBoundary = pledgeErrorBoundary("gift");
