import { now } from "~/infra/clock.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PledgeReferenceCell, PledgeStatusBadge } from "~/components/admin/donations";
import { BoxedTable, ListCount, tdClass, useListLoading } from "~/components/admin/table";
import { FilterForm } from "~/components/admin/filter-form";
import { Pagination } from "~/components/admin/pagination";
import { PaymentsExportForm } from "~/components/admin/payments-export-form";
import { site } from "~/content/site";
import {
  parsePledgeFilters,
  pledgeFiltersQuery,
  pledgeStatuses,
  pledgeStatusLabels,
  pledgeTypeLabels,
  pledgeTypes,
  pledgeMethods,
  pledgeMethodLabels,
  payMethodOf,
  SEARCH_MAX_LENGTH,
} from "~/giving/schemas/donations";
import { findPledgesPage } from "~/giving/index.server";
import { recentDirectDebitProblems } from "~/giving/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { OLD_PLEDGE_DAYS } from "~/utils/attention";
import { formatDateTime } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";
import { StaffPageTitle } from "~/components/admin/page-title";
import { invariantResponse, refusal } from "~/utils/http";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Donations", description: `Donation pledges and payments of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "donations");
  const parsed = parsePledgeFilters(new URL(request.url).searchParams);
  if (!parsed.ok) throw refusal(400, parsed.error);
  const { page, ...query } = parsed.filters;
  const result = await findPledgesPage(query, page);
  invariantResponse(page <= result.pageCount, `There is no page ${page}: this list has ${result.pageCount}.`);
  return json({
    directDebitProblems: await recentDirectDebitProblems(30),
    // Unpaid pledges made before this are marked, as the overview highlights them.
    oldBefore: new Date(now() - OLD_PLEDGE_DAYS * 86_400_000).toISOString(),
    filters: { status: query.status ?? "", type: query.type ?? "", method: query.method ?? "", q: query.q ?? "" },
    page,
    pageCount: result.pageCount,
    total: result.total,
    pledges: result.pledges.map((p) => ({
      id: p.id,
      reference: p.reference,
      name: `${p.firstName} ${p.lastName}`,
      email: p.email,
      type: p.type,
      amountPence: p.amountPence,
      paidPence: p.paidPence,
      status: p.status,
      payBy: payMethodOf(p),
      createdAt: p.createdAt,
    })),
  });
}

const statusOptions = pledgeStatuses.map((value) => ({ value, label: pledgeStatusLabels[value] }));
const typeOptions = pledgeTypes.map((value) => ({ value, label: pledgeTypeLabels[value] }));
const methodOptions = pledgeMethods.map((value) => ({ value, label: pledgeMethodLabels[value] }));

export default function DonationsList() {
  const { filters, page, pageCount, total, pledges, oldBefore, directDebitProblems } = useLoaderData<typeof loader>();
  const query = {
    status: filters.status || undefined,
    type: filters.type || undefined,
    method: filters.method || undefined,
    q: filters.q || undefined,
  };
  const pageLink = (n: number) => `${adminPaths.donations}${pledgeFiltersQuery({ ...query, page: n })}`;
  const exportQuery = pledgeFiltersQuery(query);
  const busy = useListLoading(adminPaths.donations);

  return (
    <>
      <StaffPageTitle title="Donations">
        <Link to={adminPaths.donationsImport} className="btn-primary">
          Import bank statement
        </Link>
        <Link to={adminPaths.donationsStatements} className="btn-secondary">
          Giving statements
        </Link>
        <a href={`${adminPaths.donationsExport}${exportQuery}`} className="btn-secondary" download>
          Export list (CSV)
        </a>
      </StaffPageTitle>

      <FilterForm
        idPrefix="donations"
        action={adminPaths.donations}
        className="mt-6 grid gap-4 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-end"
        values={filters}
        search={{ label: "Search reference, name or e-mail", maxLength: SEARCH_MAX_LENGTH }}
        selects={[
          { name: "status", label: "Status", anyLabel: "Any status", options: statusOptions },
          { name: "type", label: "Type", anyLabel: "Any type", options: typeOptions },
          { name: "method", label: "Paid by", anyLabel: "Any method", options: methodOptions },
        ]}
      />

      {directDebitProblems.length > 0 ? (
        <section aria-labelledby="dd-problems-heading" className="mt-6">
          <h2 id="dd-problems-heading" className="text-lg font-semibold">
            Direct Debit: failed collections and cancelled mandates in the last 30 days
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {directDebitProblems.map((problem) => (
              <li key={problem.id}>
                <Link to={adminPaths.donation(problem.pledgeId)} className="link font-mono">
                  {problem.reference}
                </Link>{" "}
                {problem.name}, {problem.amount} a month, <time dateTime={problem.at}>{problem.at.slice(0, 10)}</time>:{" "}
                {problem.what}. {problem.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ListCount busy={busy} total={total} noun={["pledge", "pledges"]} page={page} pageCount={pageCount} />

      {pledges.length > 0 ? (
        <BoxedTable
          label="Pledges"
          stacked
          columns={["Reference", "Pledged", "Donor", "Type", "Amount", "Received", "Status"]}
        >
          {pledges.map((pledge) => (
            <tr key={pledge.id}>
              <PledgeReferenceCell label="Reference" pledgeId={pledge.id} reference={pledge.reference} />
              <td data-label="Pledged" className={`${tdClass} whitespace-nowrap`}>
                <time dateTime={pledge.createdAt}>{formatDateTime(pledge.createdAt)}</time>
                {pledge.status === "pending" && pledge.createdAt < oldBefore ? (
                  <span className="mt-1 block text-xs font-semibold text-amber-800 dark:text-amber-300">
                    Unpaid for over {OLD_PLEDGE_DAYS} days
                  </span>
                ) : null}
              </td>
              <td data-label="Donor" className={tdClass}>
                <span className="block break-words">{pledge.name}</span>
                <span className="block break-all text-slate-700 dark:text-slate-300">{pledge.email}</span>
              </td>
              <td data-label="Type" className={tdClass}>
                {pledgeTypeLabels[pledge.type]}
              </td>
              <td data-label="Amount" className={`${tdClass} whitespace-nowrap`}>
                {formatPence(pledge.amountPence)}
                {pledge.type === "monthly" ? " a month" : ""}
              </td>
              <td data-label="Received" className={`${tdClass} whitespace-nowrap`}>
                {formatPence(pledge.paidPence)}
              </td>
              <td data-label="Status" className={tdClass}>
                <PledgeStatusBadge status={pledge.status} type={pledge.type} payBy={pledge.payBy} />
              </td>
            </tr>
          ))}
        </BoxedTable>
      ) : null}

      <Pagination page={page} lastPage={pageCount} href={pageLink} label="Pages" />

      <PaymentsExportForm />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
