import type { SerializeFrom } from "@remix-run/node";
import { smallDonationsStaff as copy } from "~/content/small-donations";
import type { SmallDonationsYear } from "~/gift-aid/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatPence } from "~/utils/money";
import { taxYearLabel } from "~/utils/tax-year";

/** The tax year's claim: what is eligible, the limits, the top-up to claim, and the CSV. */
export function ClaimFigures({ claim, year }: { claim: SerializeFrom<SmallDonationsYear>["claim"]; year: number }) {
  const rows: [string, number][] = [
    [`Eligible small donations (${claim.eligibleCount})`, claim.eligiblePence],
    [`Not eligible: single gifts over £30 (${claim.notEligibleCount})`, claim.notEligiblePence],
    ["Gift Aid donations claimed in the tax year", claim.giftAidDonationsPence],
    ["Matching limit: 10 times the Gift Aid donations", claim.matchingLimitPence],
    ["Yearly limit", claim.yearlyLimitPence],
  ];
  return (
    <>
      <dl className="mt-4 grid max-w-3xl grid-cols-[1fr_auto] gap-x-6 gap-y-2">
        {rows.map(([label, pence]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700 dark:text-slate-300">{label}</dt>
            <dd className="font-medium tabular-nums text-right">{formatPence(pence)}</dd>
          </div>
        ))}
        <div className="contents">
          <dt className="font-semibold">Small donations to claim on</dt>
          <dd className="font-semibold tabular-nums text-right">{formatPence(claim.claimablePence)}</dd>
        </div>
        <div className="contents">
          <dt className="font-semibold">Top-up to claim (25%)</dt>
          <dd className="text-xl font-bold tabular-nums text-brand-700 dark:text-brand-300 text-right">
            {formatPence(claim.topUpPence)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 max-w-3xl text-slate-700 dark:text-slate-300">{copy.limitedBy[claim.limitedBy]}</p>
      <p className="mt-3">
        <a href={adminPaths.smallDonationsCsv(year)} className="link" download>
          Download the small donations of {taxYearLabel(year)} (CSV)
        </a>
      </p>
    </>
  );
}
