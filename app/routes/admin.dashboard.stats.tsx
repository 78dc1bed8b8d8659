import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { site } from "~/content/site";
import { adminStatistics } from "~/content/statistics";
import { countNews } from "~/models/news.server";
import { getDb } from "~/infra/db.server";
import { pageMeta } from "~/utils/meta";
import { requireAdmin } from "~/services/session.server";

export const meta: MetaFunction = () => [
  ...pageMeta({ title: "Statistics", description: `Statistics for the staff of ${site.name}.` }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({ newsCount: await countNews(getDb()) });
}

export default function Statistics() {
  const { newsCount } = useLoaderData<typeof loader>();
  const figures = [
    { label: "News Articles", value: String(newsCount) },
    { label: "Years of Service", value: adminStatistics.yearsOfService },
    { label: "Countries", value: adminStatistics.countries },
    { label: "Hospitals Supported", value: adminStatistics.hospitalsSupported },
  ];
  return (
    <>
      <h2 className="text-2xl font-semibold">Statistics</h2>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
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
    </>
  );
}
