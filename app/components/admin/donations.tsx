import type { ReactNode } from "react";
import { pledgeStatusLabel, type PledgeStatusValue } from "~/schemas/donations";

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

export function PledgeStatusBadge({ status, type }: { status: PledgeStatusValue; type: "one-time" | "monthly" }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeClasses[status]}`}>
      {pledgeStatusLabel(status, type)}
    </span>
  );
}

/** A table that scrolls sideways on a phone; focusable so keyboard users can scroll it too. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="mt-4 overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700"
    >
      {children}
    </section>
  );
}

export const thClass =
  "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300";
/** A Donations table's header row; a column may be a node (e.g. a visually hidden name). */
export function TableHead({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead className="bg-slate-50 dark:bg-slate-800">
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col" className={thClass}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export const tdClass = "px-3 py-2 align-top text-sm text-slate-900 dark:text-slate-100";
