import { Link } from "@remix-run/react";

/** A donor's gift at a glance: the payment reference to quote, the amount and the kind of gift. */
export function PledgeSummary({
  reference,
  amount,
  typeLabel,
  className = "space-y-3",
}: {
  reference: string;
  amount: string;
  typeLabel: string;
  className?: string;
}) {
  return (
    <dl className={className}>
      <div>
        <dt className="text-sm text-slate-700 dark:text-slate-300">Payment reference</dt>
        <dd className="font-mono text-2xl font-bold tracking-wider text-slate-900 dark:text-white">{reference}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-700 dark:text-slate-300">Amount</dt>
        <dd className="text-xl font-semibold text-slate-900 dark:text-white">{amount}</dd>
      </div>
      <div>
        <dt className="text-sm text-slate-700 dark:text-slate-300">Donation type</dt>
        <dd className="text-xl font-semibold text-slate-900 dark:text-white">{typeLabel}</dd>
      </div>
    </dl>
  );
}

/** Where a donor goes next, once their gift is made: the home page, or the projects it funds. */
export function AfterGivingLinks({ page }: { page?: { path: string; title: string } | null }) {
  return (
    <p className="mt-6 flex flex-wrap gap-3">
      {/* A gift through a supporter's page leads back to it first. */}
      {page ? (
        <Link to={page.path} className="btn-primary">
          Back to {page.title}
        </Link>
      ) : null}
      <Link to="/" className={page ? "btn-secondary" : "btn-primary"}>
        Back to the home page
      </Link>
      <Link to="/projects" className="btn-secondary">
        See our projects
      </Link>
      {/* Your giving: the donor sees this gift, its Gift Aid and their statements later. */}
      <Link to="/giving" className="btn-secondary">
        Your giving
      </Link>
    </p>
  );
}
