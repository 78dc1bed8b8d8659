import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { site } from "~/content/site";
import { staffOverview, stripeEventsNeedingAttention } from "~/staff/index.server";
import { waitingForStaff } from "~/causes/index.server";
import { OLD_PLEDGE_DAYS, QUIET_MONTHLY_DAYS } from "~/utils/attention";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths, canOpen, type SectionKey } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";

// The dashboard opens on what needs the staff: each figure links to the list it counts.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Overview", description: `What needs the staff of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "overview");
  // Each figure only for a role that may open the list it counts (an editor sees articles).
  const o = await staffOverview();
  const may = (section: SectionKey) => canOpen(user.role, section);
  const pages = may("fundraising-pages") ? await waitingForStaff() : null;
  return json({
    overview: {
      newEnquiries: may("enquiries") ? o.newEnquiries : null,
      newVolunteerApplications: may("volunteers") ? o.newVolunteerApplications : null,
      pendingPledges: may("donations") ? o.pendingPledges : null,
      pendingPledgesOld: may("donations") ? o.pendingPledgesOld : 0,
      quietMonthly: may("donations") ? o.quietMonthly : null,
      // Shown only when one failed, so the overview stays as it was for charities without Direct Debit.
      failingDirectDebits: may("donations") && o.failingDirectDebits > 0 ? o.failingDirectDebits : null,
      claimablePayments: may("gift-aid") ? o.claimablePayments : null,
      claimableGiftAidPence: may("gift-aid") ? o.claimableGiftAidPence : 0,
      failedMail: may("mail") ? o.failedMail : null,
      scheduledArticles: may("news") ? o.scheduledArticles : null,
      pagesToReview: pages ? pages.pages : null,
      tributeMessagesWaiting: pages ? pages.messages : null,
    },
    stripeAttention: may("donations") ? await stripeEventsNeedingAttention() : [],
  });
}

interface Tile {
  label: string;
  value: number | null;
  detail?: string;
  to: string;
  /** Something is waiting too long: shown in the warning colour. */
  urgent?: boolean;
}

export default function Overview() {
  const { overview: o, stripeAttention } = useLoaderData<typeof loader>();
  const count = (n: number) => n.toLocaleString("en-GB");
  const all: Tile[] = [
    { label: "New enquiries", value: o.newEnquiries, to: `${adminPaths.enquiries}?status=new` },
    {
      label: "New volunteer applications",
      value: o.newVolunteerApplications,
      to: `${adminPaths.volunteers}?status=new`,
    },
    {
      label: "Pledges awaiting payment",
      value: o.pendingPledges,
      detail: `${count(o.pendingPledgesOld)} older than ${OLD_PLEDGE_DAYS} days`,
      urgent: o.pendingPledgesOld > 0,
      to: `${adminPaths.donations}?status=pending`,
    },
    {
      label: `Monthly gifts with no payment for ${QUIET_MONTHLY_DAYS} days`,
      value: o.quietMonthly,
      urgent: (o.quietMonthly ?? 0) > 0,
      to: `${adminPaths.donations}?status=lapsed`,
    },
    {
      label: "Direct Debits whose latest collection failed",
      value: o.failingDirectDebits,
      urgent: true,
      to: `${adminPaths.donations}?method=direct-debit-failed`,
    },
    {
      label: "Payments claimable for Gift Aid",
      value: o.claimablePayments,
      detail: `${formatPence(o.claimableGiftAidPence)} of Gift Aid to claim`,
      to: adminPaths.giftAid,
    },
    {
      label: "Failed mail",
      value: o.failedMail,
      urgent: (o.failedMail ?? 0) > 0,
      to: `${adminPaths.mail}?status=failed`,
    },
    { label: "Scheduled articles", value: o.scheduledArticles, to: adminPaths.news },
    {
      label: "Fundraising pages to review",
      detail: "New pages and owners' changes",
      value: o.pagesToReview,
      to: `${adminPaths.fundraisingPages}?status=review`,
    },
    {
      label: "Tribute messages waiting",
      detail: "To approve or hide",
      value: o.tributeMessagesWaiting,
      to: `${adminPaths.fundraisingPages}?status=messages`,
    },
  ];
  const tiles = all.filter((tile): tile is Tile & { value: number } => tile.value !== null);
  return (
    <section aria-labelledby="overview-heading">
      <h2 id="overview-heading" className="text-2xl font-bold">
        Overview
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.label}>
            <Link
              to={tile.to}
              className={`flex h-full flex-col rounded-lg border bg-white p-5 shadow-sm hover:border-brand-600 focus-visible:outline-2 dark:bg-slate-900 ${
                tile.urgent ? "border-amber-500 dark:border-amber-400" : "border-slate-200 dark:border-slate-700"
              }`}
            >
              <span className="text-4xl font-bold text-brand-700 dark:text-brand-300">{count(tile.value)}</span>
              <span className="mt-2 font-medium text-slate-900 dark:text-white">{tile.label}</span>
              {tile.detail ? (
                <span
                  className={`mt-1 text-sm ${tile.urgent ? "font-semibold text-amber-800 dark:text-amber-300" : "text-slate-700 dark:text-slate-300"}`}
                >
                  {tile.detail}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      {stripeAttention.length > 0 ? (
        <section aria-labelledby="stripe-attention-heading" className="mt-8">
          <h3 id="stripe-attention-heading" className="text-xl font-semibold">
            Stripe events that need attention
          </h3>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Signed by Stripe but not taken as money: check each in the Stripe Dashboard by its event id.
          </p>
          <ul className="mt-3 space-y-2">
            {stripeAttention.map((event) => (
              <li key={event.id} className="rounded-md border border-amber-500 p-3 break-words dark:border-amber-400">
                <time dateTime={event.receivedAt}>{formatDateTime(event.receivedAt)}</time>: {event.attention}
                {event.pledgeId ? (
                  <>
                    {" "}
                    <Link to={adminPaths.donation(event.pledgeId)} className="link">
                      Open the pledge
                    </Link>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
