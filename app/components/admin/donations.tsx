import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { pledgeStatusLabel, type PledgeStatusValue } from "~/giving/schemas/donations";
import { adminPaths } from "~/utils/admin-paths";
import { tdClass } from "./table";

const badgeClasses: Record<PledgeStatusValue, string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  paid: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
  active: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  lapsed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
  cancelled: "bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100",
};

/** What a missing pledge's pages say (an erased pledge's address is still in someone's history). */
export const PLEDGE_NOT_FOUND = "There is no pledge at this address. It may have been erased.";

/** A saved change's confirmation at the top of a Donations page. */
export function SavedNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mt-4 rounded-md bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100">
      {children}
    </p>
  );
}

export function PledgeStatusBadge({
  status,
  type,
  payBy,
}: {
  status: PledgeStatusValue;
  type: "one-time" | "monthly";
  payBy?: "bank" | "card" | "direct-debit";
}) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeClasses[status]}`}>
      {pledgeStatusLabel(status, type, payBy)}
    </span>
  );
}

/** A Donations table's cell naming a pledge by its reference, a link to the pledge (`label` names it on a phone). */
export function PledgeReferenceCell({
  label,
  pledgeId,
  reference,
}: {
  label: string;
  pledgeId: number;
  reference: string;
}) {
  return (
    <td data-label={label} className={`${tdClass} whitespace-nowrap font-mono`}>
      <Link to={adminPaths.donation(pledgeId)} className="link">
        {reference}
      </Link>
    </td>
  );
}
