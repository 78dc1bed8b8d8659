import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { dangerButtonClass } from "~/components/admin/styles";
import type { Pledge } from "~/giving/index.server";
import { isPaidInFull, payingByLabel, pledgeTypeLabels } from "~/giving/schemas/donations";
import { adminPaths } from "~/utils/admin-paths";
import { QUIET_MONTHLY_DAYS } from "~/utils/attention";
import { formatDateTime, formatLongDate } from "~/utils/dates";
import { formatPence } from "~/utils/money";
import { PhoneLink } from "~/components/phone-link";

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="break-words text-slate-900 sm:col-span-2 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** What the donor pledged, who they are, and the way to cancel the pledge. */
export function PledgeDetails({
  pledge,
  paymentCount,
  supporterId,
  givenTo = "",
}: {
  pledge: SerializeFrom<Pledge>;
  paymentCount: number;
  supporterId: number | null;
  /** What the gift was given to ("Appeal: Winter appeal"), or "" for the general fund. */
  givenTo?: string;
}) {
  // What the donor still owes: a refund gives money back, it does not make the pledge owed again.
  const outstanding = Math.max(0, pledge.amountPence - pledge.paidPence - pledge.refundedPence);
  // Cancelling a one-time pledge that is paid in full means nothing (refunds are made in Stripe or by the bank).
  const cancellable = !pledge.cancelledAt && !isPaidInFull(pledge);
  return (
    <section aria-labelledby="pledge-heading">
      <h3 id="pledge-heading" className="text-xl font-semibold">
        The pledge
      </h3>
      <dl className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
        <Detail term="Reference">
          <span className="font-mono">{pledge.reference}</span>
        </Detail>
        <Detail term="Type">{pledgeTypeLabels[pledge.type]}</Detail>
        <Detail term="Amount">
          {formatPence(pledge.amountPence)}
          {pledge.type === "monthly"
            ? pledge.payBy === "card"
              ? pledge.directDebit
                ? " a month (by Direct Debit)"
                : " a month (by card)"
              : " a month (standing order)"
            : ""}
        </Detail>
        <Detail term="Received so far">
          {formatPence(pledge.paidPence)} in {paymentCount} {paymentCount === 1 ? "payment" : "payments"}
          {pledge.refundedPence > 0 ? `, after ${formatPence(pledge.refundedPence)} refunded` : ""}
        </Detail>
        {pledge.type === "monthly" ? (
          <Detail term="Last payment">
            {pledge.lastPaidOn ? formatLongDate(pledge.lastPaidOn) : "None yet"}
            {pledge.status === "lapsed" ? (
              <span className="mt-1 block text-sm font-semibold text-red-800 dark:text-red-300">
                No payment for more than {QUIET_MONTHLY_DAYS} days: the{" "}
                {pledge.payBy === "card" ? "monthly card gift" : "standing order"} may have stopped.
              </span>
            ) : null}
          </Detail>
        ) : null}
        {pledge.type === "one-time" && pledge.status !== "cancelled" ? (
          <Detail term="Outstanding">{formatPence(outstanding)}</Detail>
        ) : null}
        <Detail term="Paying by">{payingByLabel(pledge)}</Detail>
        {pledge.stripeSubscription ? (
          <Detail term="Stripe subscription">
            <span className="font-mono break-all">{pledge.stripeSubscription}</span>
          </Detail>
        ) : null}
        <Detail term="Pledged on">
          <time dateTime={pledge.createdAt}>{formatDateTime(pledge.createdAt)}</time>
        </Detail>
        <Detail term="Name">
          {pledge.firstName} {pledge.lastName}
          {supporterId ? (
            <>
              {" "}
              <Link to={adminPaths.supporter(supporterId)} className="link">
                (supporter {supporterId}: all their gifts)
              </Link>
            </>
          ) : null}
        </Detail>
        <Detail term="E-mail">
          <a href={`mailto:${pledge.email}`} className="link break-all">
            {pledge.email}
          </a>
        </Detail>
        <Detail term="Phone">
          <PhoneLink number={pledge.phone} none="Not given" />
        </Detail>
        <Detail term="Given to">{givenTo || "General fund"}</Detail>
        <Detail term="In honour or memory of someone">
          {pledge.inHonour ? (pledge.honoreeName ? `Yes: ${pledge.honoreeName}` : "Yes") : "No"}
        </Detail>
        {pledge.cancelledAt ? (
          <>
            <Detail term="Cancelled on">
              <time dateTime={pledge.cancelledAt}>{formatDateTime(pledge.cancelledAt)}</time>
            </Detail>
            <Detail term="Reason">
              <span className="whitespace-pre-line">{pledge.cancelReason}</span>
            </Detail>
          </>
        ) : null}
      </dl>
      {!cancellable ? null : (
        <Link to={adminPaths.cancelDonation(pledge.id)} className={`${dangerButtonClass} mt-4`}>
          {pledge.stripeSubscription ? "Cancel the monthly card gift" : "Cancel this pledge"}
        </Link>
      )}
    </section>
  );
}
