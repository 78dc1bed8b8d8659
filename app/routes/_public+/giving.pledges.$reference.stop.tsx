import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GivingConfirmPage, givingMeta } from "~/components/giving/confirm-page";
import { givingWords as words } from "~/content/giving";
import {
  donorChange,
  donorPage,
  DonorPortalError,
  getStoppableMonthlyGift,
  GIVING_HEADERS,
  stopMonthlyGiftByDonor,
} from "~/routes/_glue/giving-page.server";
import { formatPence } from "~/utils/money";

// A donor stops their own monthly gift after this confirmation: a standing order's pledge is
// cancelled and they are told only their bank can stop the payments; a card gift's Stripe
// subscription is cancelled. Audited as the donor's own; staff see it stopped by the donor.

export function loader({ request, params }: LoaderFunctionArgs) {
  return donorPage(request, (supporterId) =>
    getStoppableMonthlyGift(supporterId, params.reference ?? "").then(
      (gift) => ({ gift }),
      (error: unknown) => {
        // Stopped already (or not a monthly gift): nothing to confirm.
        if (error instanceof DonorPortalError && error.status === 409) return null;
        throw error;
      },
    ),
  );
}

export function action({ request, params }: ActionFunctionArgs) {
  return donorChange(
    request,
    (supporterId) => stopMonthlyGiftByDonor(supporterId, params.reference ?? ""),
    (payBy) => (payBy === "card" ? "giving-card-stopped" : "giving-monthly-stopped"),
  );
}

export const headers: HeadersFunction = () => GIVING_HEADERS;

export const meta = givingMeta(words.stopTitle);

export default function StopMonthlyGift() {
  const { gift } = useLoaderData<typeof loader>();
  return (
    <GivingConfirmPage
      title={words.stopTitle}
      lead={words.stopLead(formatPence(gift.amountPence), gift.reference)}
      note={gift.payBy === "card" ? words.stopCard : words.stopBank}
      effects={words.stopEffects}
      confirm={words.stopConfirm}
      keep={words.stopKeep}
    />
  );
}
