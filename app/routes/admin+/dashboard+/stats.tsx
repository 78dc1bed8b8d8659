import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { site } from "~/content/site";
import { adminStatistics } from "~/content/statistics";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";
import { requireRole } from "~/services/session.server";
import { staffStatistics } from "~/services/stats.server";

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
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
