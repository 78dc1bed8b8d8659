import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { pledgeStatusLabels, type PledgeStatusValue } from "~/schemas/donations";
import { adminPaths } from "~/utils/admin-paths";

const badgeClasses: Record<PledgeStatusValue, string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  paid: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
  active: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  cancelled: "bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100",
};

export function PledgeStatusBadge({ status }: { status: PledgeStatusValue }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeClasses[status]}`}>
      {pledgeStatusLabels[status]}
    </span>
  );
}

/** A table that scrolls sideways on a phone; focusable so keyboard users can scroll it too. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="mt-4 overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700"
    >
      {children}
    </div>
  );
}

export const thClass =
  "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300";
export const tdClass = "px-3 py-2 align-top text-sm text-slate-900 dark:text-slate-100";

/**
 * The Donations pages' answer to a refused request (a bad filter, a missing pledge): the
 * status and the server's message, with the way back, inside the dashboard.
 */
export function DonationsErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : "Something went wrong. Please try again.";
  return (
    <div role="alert">
      <h2 className="text-2xl font-semibold">{status === 404 ? "Not found" : "That request could not be answered"}</h2>
      <p className="mt-2 text-slate-800 dark:text-slate-200">{message}</p>
      <Link to={adminPaths.donations} className="btn-primary mt-6">
        Back to Donations
      </Link>
    </div>
  );
}
