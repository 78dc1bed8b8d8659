import { notFound } from "~/utils/http";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ListCount, ScrollTable, TableHead, TotalRow, tdClass, useListLoading } from "~/components/admin/table";
import { Pagination } from "~/components/admin/pagination";
import { FilterButtons } from "~/components/admin/filter-form";
import { StaffPageTitle } from "~/components/admin/page-title";
import { PledgeReferenceCell, SavedNotice } from "~/components/admin/donations";
import { FormError } from "~/components/ui/form";
import { site } from "~/content/site";
import {
  MAX_PAGE,
  paymentMethodNames,
  paymentMethods,
  paymentsRangeQuery,
  parsePaymentsRange,
} from "~/giving/schemas/donations";
import { paymentsPage } from "~/giving/index.server";
import { takeFlash } from "~/site/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime, formatLongDate } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";
import { paymentMethodLabel } from "~/giving/utils/payment-method";

// The Payments list: money received by UK day and method, each day with its net total per
// method and in all (refunds counted on the day they were given back), to reconcile the day
// against the bank. A GET form filters it (days received, method), so page links and the CSV
// keep the filters, with or without JavaScript.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Payments", description: `Payments received by ${site.name}, day by day.`, noindex: true });

const labelClass = "block text-sm font-medium text-slate-800 dark:text-slate-200";

/** A day the list starts or ends at. */
function DateFilter({ name, label, value }: { name: "from" | "to"; label: string; value: string | undefined }) {
  return (
    <div>
      <label htmlFor={`payments-${name}`} className={labelClass}>
        {label}
      </label>
      <input id={`payments-${name}`} name={name} type="date" defaultValue={value} className="field-input" />
    </div>
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "payments");
  const params = new URL(request.url).searchParams;
  const raw = { from: params.get("from") ?? "", to: params.get("to") ?? "", method: params.get("method") ?? "" };
  const parsed = parsePaymentsRange(params);
  const pageText = params.get("page") ?? "1";
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : NaN;
  if (!parsed.ok || !(page >= 1 && page <= MAX_PAGE)) {
    // The form again with the reason and what was typed (400), never a 500.
    const problem = parsed.ok ? "The page must be a whole number from 1" : parsed.error;
    return json({ problem, filters: raw, page: 1, result: null, saved: null }, { status: 400 });
  }
  const result = await paymentsPage(parsed.range, page);
  if (page > result.pageCount) {
    throw notFound(`There is no page ${page}: this list has ${result.pageCount}.`);
  }
  const flash = await takeFlash(request);
  return json(
    {
      problem: null,
      filters: { from: parsed.range.from ?? "", to: parsed.range.to ?? "", method: parsed.range.method ?? "" },
      page,
      result,
      saved: flash.message,
    },
    { headers: flash.headers },
  );
}

const day = (value: string) => formatLongDate(`${value}T12:00:00Z`);

/** "£75.00 (2 payments)" or "£45.00 (2 payments, £5.00 refunded)". */
function methodFigure(m: { netPence: number; payments: number; refunds: number; refundedPence: number }): string {
  const counts = `${m.payments} ${m.payments === 1 ? "payment" : "payments"}`;
  const refunds = m.refunds > 0 ? `, ${formatPence(m.refundedPence)} refunded` : "";
  return `${formatPence(m.netPence)} (${counts}${refunds})`;
}

export default function PaymentsList() {
  const { problem, filters, page, result, saved } = useLoaderData<typeof loader>();
  const busy = useListLoading(adminPaths.payments);
  const range = {
    from: filters.from || undefined,
    to: filters.to || undefined,
    method: (filters.method || undefined) as (typeof paymentMethods)[number] | undefined,
  };
  const csvHref = `${adminPaths.paymentsExport}${problem ? "" : paymentsRangeQuery(range)}`;
  const filtered = Boolean(filters.from || filters.to || filters.method);

  return (
    <>
      <StaffPageTitle title="Payments">
        <Link to={adminPaths.recordGift} className="btn-primary">
          Record a gift
        </Link>
        <a href={csvHref} className="btn-secondary" download>
          Export payments (CSV){filtered ? ", filtered" : ""}
        </a>
      </StaffPageTitle>
      {saved ? <SavedNotice>{saved}</SavedNotice> : null}
      <p className="mt-2 max-w-3xl text-sm text-slate-700 dark:text-slate-300">
        Money received by the UK day it arrived, newest first. A refund counts on the day it was given back, so each
        day&apos;s total per method is what the account moved that day. Card payments reach the bank later, in
        Stripe&apos;s payouts.
      </p>

      <Form
        method="get"
        action={adminPaths.payments}
        className="mt-6 grid gap-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
      >
        <DateFilter name="from" label="Received from" value={filters.from} />
        <DateFilter name="to" label="Received to" value={filters.to} />
        <div>
          <label htmlFor="payments-method" className={labelClass}>
            Method
          </label>
          <select id="payments-method" name="method" defaultValue={filters.method} className="field-input">
            <option value="">Any method</option>
            {paymentMethods.map((method) => (
              <option key={method} value={method}>
                {paymentMethodNames[method]}
              </option>
            ))}
          </select>
        </div>
        <FilterButtons className="flex flex-wrap gap-3" filtered={filtered} clearTo={adminPaths.payments} />
      </Form>
      {problem ? <FormError errors={[problem]} /> : null}

      {result ? (
        <>
          <ListCount
            busy={busy}
            total={result.total}
            noun={["payment or refund", "payments or refunds"]}
            page={page}
            pageCount={result.pageCount}
          />
          {result.total > 0 ? (
            <section aria-labelledby="range-totals" className="mt-4">
              <h3 id="range-totals" className="text-lg font-semibold">
                {filtered ? "Total of the filtered payments" : "Total of every payment"}:{" "}
                {formatPence(result.totals.netPence)}
              </h3>
              <ul className="mt-1 text-sm">
                {result.totals.methods.map((m) => (
                  <li key={m.method}>
                    {paymentMethodNames[m.method]}: {methodFigure(m)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {result.days.map((d) => (
            <section key={d.day} aria-labelledby={`day-${d.day}`} className="mt-8">
              <h3 id={`day-${d.day}`} className="text-xl font-semibold">
                <time dateTime={d.day}>{day(d.day)}</time>
              </h3>
              <p className="mt-1 font-semibold" data-testid={`day-total-${d.day}`}>
                Day total: {formatPence(d.netPence)}
              </p>
              <ul className="text-sm">
                {d.methods.map((m) => (
                  <li key={m.method}>
                    {paymentMethodNames[m.method]}: {methodFigure(m)}
                  </li>
                ))}
              </ul>
              <ScrollTable label={`Payments received ${day(d.day)}`} stacked>
                <table className="min-w-full divide-y divide-slate-200 dark:divide-slate-700">
                  <TableHead columns={["Pledge", "Donor", "Amount", "Method", "Note", "Recorded"]} />
                  <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-700 dark:bg-slate-900">
                    {d.payments.map((p) => (
                      <tr key={p.id}>
                        <PledgeReferenceCell label="Pledge" pledgeId={p.pledgeId} reference={p.reference} />
                        <td data-label="Donor" className={`${tdClass} break-words`}>
                          {p.firstName} {p.lastName}
                        </td>
                        <td data-label="Amount" className={`${tdClass} whitespace-nowrap`}>
                          {formatPence(p.amountPence)}
                        </td>
                        <td data-label="Method" className={tdClass}>
                          {paymentMethodLabel(p.method, p.amountPence)}
                          {p.claim ? (
                            <Link to={adminPaths.giftAidClaim(p.claim.claimId)} className="link block">
                              In Gift Aid claim {p.claim.claimId}
                            </Link>
                          ) : null}
                        </td>
                        <td data-label="Note" className={`${tdClass} whitespace-pre-line break-words`}>
                          {p.note ?? ""}
                        </td>
                        <td data-label="Recorded" className={tdClass}>
                          {p.recordedBy}, <time dateTime={p.createdAt}>{formatDateTime(p.createdAt)}</time>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                  <TotalRow label="Day total" pence={d.netPence} labelSpan={2} valueSpan={4} />
                </table>
              </ScrollTable>
            </section>
          ))}
          <Pagination
            page={page}
            lastPage={result.pageCount}
            href={(n) => `${adminPaths.payments}${paymentsRangeQuery({ ...range, page: n })}`}
            label="Pages"
          />
        </>
      ) : null}
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
