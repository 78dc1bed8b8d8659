import { Link } from "@remix-run/react";
import { PledgeStatusBadge } from "~/components/admin/donations";
import { pledgeTypeLabels } from "~/giving/schemas/donations";
import type { PledgeForMatching, ProposalWarning } from "~/giving/utils/bank-statement";
import { adminPaths } from "~/utils/admin-paths";
import { formatLongDate } from "~/utils/dates";
import { formatPence } from "~/utils/money";

// A statement line's pledge as the preview shows it, and why a line is not ticked.

export const day = (iso: string) => formatLongDate(`${iso}T12:00:00Z`);

export type MatchedPledge = PledgeForMatching;

export function PledgeSummary({ pledge }: { pledge: MatchedPledge }) {
  return (
    <>
      <Link to={adminPaths.donation(pledge.id)} className="link font-mono">
        {pledge.reference}
      </Link>
      <span className="block">
        {formatPence(pledge.amountPence)} {pledgeTypeLabels[pledge.type].toLowerCase()}, received so far{" "}
        {formatPence(pledge.paidPence)}
      </span>
      <PledgeStatusBadge status={pledge.status} type={pledge.type} />
    </>
  );
}

export function warningText(warning: ProposalWarning, pledge: MatchedPledge): string {
  switch (warning) {
    case "cancelled":
      return "This pledge is cancelled.";
    case "already-paid":
      return `This pledge is already paid in full (${formatPence(pledge.paidPence)} received). Tick it only if the donor meant to give more.`;
    case "overpays":
      return `This would take the pledge past its ${formatPence(pledge.amountPence)}: ${formatPence(Math.max(0, pledge.amountPence - pledge.paidPence))} is outstanding, counting the ticked lines above. Tick it only if the donor meant to give more.`;
  }
}

/** Why a line is not ticked: shown beside it, in words, never by colour alone. */
export function WarningNote({ id, warning, pledge }: { id?: string; warning: ProposalWarning; pledge: MatchedPledge }) {
  return (
    <span
      id={id}
      className="mt-2 block rounded-md border border-amber-400 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100"
    >
      <strong>Not ticked:</strong> {warningText(warning, pledge)}
    </span>
  );
}
