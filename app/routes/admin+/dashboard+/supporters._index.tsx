import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { FilterButtons } from "~/components/admin/filter-form";
import { BoxedTable, ListCount, tdClass, useListLoading } from "~/components/admin/table";
import { Pagination } from "~/components/admin/pagination";
import { ErrorSummary } from "~/components/ui/error-summary";
import { ErrorList } from "~/components/ui/form";
import { site } from "~/content/site";
import {
  monthlyFilterLabels,
  monthlyFilters,
  parseSupporterFilters,
  SUPPORTER_SEARCH_MAX,
  supporterFiltersQuery,
  type SupporterFilterErrors,
} from "~/supporters/schemas/supporters";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { supportersPage } from "~/supporters/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatLongDate } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";
import { requirePage } from "~/routes/_glue/page-param.server";
import { invariantResponse } from "~/utils/http";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Supporters", description: `The supporters of ${site.name}.`, noindex: true });

const FILTER_NAMES = ["q", "giftAid", "monthly", "from", "to"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "supporters");
  const params = new URL(request.url).searchParams;
  const raw = Object.fromEntries(FILTER_NAMES.map((name) => [name, params.get(name) ?? ""])) as Record<
    (typeof FILTER_NAMES)[number],
    string
  >;
  const page = requirePage(request);
  const parsed = parseSupporterFilters(params);
  if (!parsed.ok) {
    return json(
      { raw, errors: parsed.errors as SupporterFilterErrors, rows: [], total: 0, page: 1, pageCount: 1 },
      { status: 400 },
    );
  }
  const result = await supportersPage(parsed.query, page);
  invariantResponse(page <= result.pageCount, `There is no page ${page}: this list has ${result.pageCount}.`);
  return json({ raw, errors: {} as SupporterFilterErrors, page, ...result });
}

const labelClass = "block text-sm font-medium text-slate-800 dark:text-slate-200";

export default function SupportersList() {
  const { raw, errors, rows, total, page, pageCount } = useLoaderData<typeof loader>();
  const busy = useListLoading(adminPaths.supporters);
  const filtered = FILTER_NAMES.some((name) => raw[name]);
  const hasErrors = Object.keys(errors).length > 0;
  const field = (name: keyof SupporterFilterErrors) => ({
    id: `supporters-${name}`,
    name,
    defaultValue: raw[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `supporters-${name}-error` : undefined,
    className: "field-input",
  });
  return (
    <>
      <h2 className="text-2xl font-semibold">Supporters</h2>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        One record per person, found by e-mail address (letter case and spaces ignored). Each pledge, payment, Gift Aid
        declaration, subscription and enquiry belongs to one. The same person with two addresses can be merged from
        their page.
      </p>

      <ErrorSummary
        className="mt-6"
        problems={Object.entries(errors).map(([name, message]) => ({ message, fieldId: `supporters-${name}` }))}
      />
      <Form
        method="get"
        action={adminPaths.supporters}
        role="search"
        className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1.5fr_1fr_1fr] lg:items-start"
      >
        <div>
          <label htmlFor="supporters-q" className={labelClass}>
            Search name, e-mail or reference
          </label>
          <input type="search" maxLength={SUPPORTER_SEARCH_MAX} {...field("q")} />
          <ErrorList id="supporters-q-error" errors={errors.q ? [errors.q] : null} />
        </div>
        <div>
          <label htmlFor="supporters-giftAid" className={labelClass}>
            Gift Aid
          </label>
          <select {...field("giftAid")}>
            <option value="">Any</option>
            <option value="yes">Has a Gift Aid declaration</option>
          </select>
          <ErrorList id="supporters-giftAid-error" errors={errors.giftAid ? [errors.giftAid] : null} />
        </div>
        <div>
          <label htmlFor="supporters-monthly" className={labelClass}>
            Monthly giving
          </label>
          <select {...field("monthly")}>
            <option value="">Any</option>
            {monthlyFilters.map((value) => (
              <option key={value} value={value}>
                {monthlyFilterLabels[value]}
              </option>
            ))}
          </select>
          <ErrorList id="supporters-monthly-error" errors={errors.monthly ? [errors.monthly] : null} />
        </div>
        <div>
          <label htmlFor="supporters-from" className={labelClass}>
            Gave from
          </label>
          <input type="date" {...field("from")} />
          <ErrorList id="supporters-from-error" errors={errors.from ? [errors.from] : null} />
        </div>
        <div>
          <label htmlFor="supporters-to" className={labelClass}>
            Gave to
          </label>
          <input type="date" {...field("to")} />
          <ErrorList id="supporters-to-error" errors={errors.to ? [errors.to] : null} />
        </div>
        <FilterButtons
          className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-5"
          filtered={filtered}
          clearTo={adminPaths.supporters}
        />
      </Form>

      <ListCount
        busy={busy}
        problem={hasErrors ? "Correct the filters above." : undefined}
        total={total}
        noun={["supporter", "supporters"]}
        page={page}
        pageCount={pageCount}
      />

      {rows.length > 0 ? (
        <BoxedTable
          label="Supporters"
          stacked
          columns={["Supporter", "Lifetime giving", "First gift", "Last gift", "Gift Aid claimed"]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td data-label="Supporter" className={tdClass}>
                <Link to={adminPaths.supporter(row.id)} className="link block break-words">
                  {row.displayName ?? row.email ?? `Supporter ${row.id}`}
                </Link>
                {row.displayName && row.email ? (
                  <span className="block break-all text-slate-700 dark:text-slate-300">{row.email}</span>
                ) : null}
              </td>
              <td data-label="Lifetime giving" className={`${tdClass} whitespace-nowrap`}>
                {formatPence(row.lifetimePence)}
              </td>
              <td data-label="First gift" className={`${tdClass} whitespace-nowrap`}>
                {row.firstGiftOn ? formatLongDate(row.firstGiftOn) : "—"}
              </td>
              <td data-label="Last gift" className={`${tdClass} whitespace-nowrap`}>
                {row.lastGiftOn ? formatLongDate(row.lastGiftOn) : "—"}
              </td>
              <td data-label="Gift Aid claimed" className={`${tdClass} whitespace-nowrap`}>
                {formatPence(row.giftAidClaimedPence)}
              </td>
            </tr>
          ))}
        </BoxedTable>
      ) : null}

      <Pagination
        page={page}
        lastPage={pageCount}
        href={(n) => `${adminPaths.supporters}${supporterFiltersQuery(raw, n)}`}
        label="Supporter pages"
      />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
