import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ReactNode } from "react";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BarChart, ChartTable } from "~/components/admin/bar-chart";
import { StaffSection } from "~/components/admin/table";
import { site } from "~/content/site";
import { adminStatistics } from "~/content/statistics";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { staffStatistics } from "~/staff/index.server";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Statistics", description: `Statistics for the staff of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "stats");
  return json(await staffStatistics());
}

interface Figure {
  label: string;
  value: string;
}

function Figures({ heading, figures }: { heading: string; figures: Figure[] }) {
  return (
    <section className="mt-6">
      <h3 className="text-lg font-semibold">{heading}</h3>
      <dl className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className="flex flex-col-reverse rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm dark:border-slate-700 dark:bg-slate-900"
          >
            <dt className="mt-2 text-sm font-medium text-slate-700 dark:text-slate-300">{figure.label}</dt>
            <dd className="text-4xl font-bold text-brand-700 dark:text-brand-300">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function Statistics() {
  const data = useLoaderData<typeof loader>();
  const count = (n: number) => n.toLocaleString("en-GB");
  return (
    <>
      <h2 className="text-2xl font-semibold">Statistics</h2>
      <Figures
        heading="The charity"
        figures={[
          { label: "News Articles", value: String(data.newsCount) },
          { label: "Years of Service", value: adminStatistics.yearsOfService },
          { label: "Countries", value: adminStatistics.countries },
          { label: "Hospitals Supported", value: adminStatistics.hospitalsSupported },
        ]}
      />
      <Figures
        heading="Right now"
        figures={[
          { label: "Pledges Pending", value: count(data.pendingPledges) },
          { label: "Received This Month", value: formatPence(data.receivedThisMonthPence) },
          { label: "Received This Year", value: formatPence(data.receivedThisYearPence) },
          { label: "New Enquiries", value: count(data.newEnquiries) },
          { label: "Newsletter Subscribers", value: count(data.subscribers) },
        ]}
      />
      <MoneyCharts receivedByMonth={data.receivedByMonth} giftAidByTaxYear={data.giftAidByTaxYear} />
    </>
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

function ChartSection({
  id,
  heading,
  summary,
  chart,
  table,
}: {
  id: string;
  heading: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  return (
    <StaffSection id={id} title={heading} className="mt-10" size="lg">
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{summary}</p>
      <div className="mt-4 grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {/* On a phone the chart keeps a width at which its labels stay legible, and scrolls in its own region. */}
        <section
          aria-label={`${heading}, chart`}
          // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="overflow-x-auto rounded-lg border border-slate-200 p-3 dark:border-slate-700"
        >
          <div className="min-w-[26rem]">{chart}</div>
        </section>
        {table}
      </div>
    </StaffSection>
  );
}

function MoneyCharts({ receivedByMonth, giftAidByTaxYear }: Pick<Loaded, "receivedByMonth" | "giftAidByTaxYear">) {
  const monthsTotal = receivedByMonth.reduce((sum, point) => sum + point.pence, 0);
  const first = receivedByMonth[0];
  const last = receivedByMonth[receivedByMonth.length - 1];
  const giftAidTotal = giftAidByTaxYear.reduce((sum, point) => sum + point.giftAidPence, 0);
  return (
    <>
      <ChartSection
        id="money-by-month"
        heading="Money received per month"
        summary={`${formatPence(monthsTotal)} received from ${first.label} to ${last.label}, by the day the money arrived (refunds taken off).`}
        chart={
          <BarChart
            bars={receivedByMonth.map((point) => ({
              key: point.month,
              shortLabel: point.shortLabel,
              pence: point.pence,
            }))}
            labelEvery={receivedByMonth.length > 12 ? 4 : 1}
          />
        }
        table={
          <ChartTable
            caption={`Money received per month, ${first.label} to ${last.label}`}
            rowHeading="Month"
            columns={["Received"]}
            rows={receivedByMonth.map((point) => ({ key: point.month, label: point.label, values: [point.pence] }))}
          />
        }
      />
      <ChartSection
        id="gift-aid-by-tax-year"
        heading="Gift Aid claimed per tax year"
        summary={`${formatPence(giftAidTotal)} of Gift Aid on the donations in claim batches, by the tax year (6 April to 5 April) each donation was received in.`}
        chart={
          <BarChart
            bars={giftAidByTaxYear.map((point) => ({
              key: String(point.year),
              shortLabel: point.shortLabel,
              pence: point.giftAidPence,
            }))}
            labelEvery={giftAidByTaxYear.length > 8 ? 2 : 1}
          />
        }
        table={
          <ChartTable
            caption="Gift Aid claimed per tax year"
            rowHeading="Tax year"
            columns={["Donations claimed", "Gift Aid"]}
            rows={giftAidByTaxYear.map((point) => ({
              key: String(point.year),
              label: point.label,
              values: [point.donationsPence, point.giftAidPence],
            }))}
          />
        }
      />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
