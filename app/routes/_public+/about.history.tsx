import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { MetaFunction } from "@remix-run/node";
import { historyMilestones } from "~/content/about";
import { site } from "~/content/site";
import { pageMeta } from "~/utils/meta";
import { CharityText } from "~/components/charity";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Our History",
      description: `${site.name} from its incorporation in ${site.incorporated} to charity status in ${site.charityStatus}.`,
    },
    matches,
  );

export default function History() {
  return (
    <>
      <h1 className="text-4xl font-bold text-slate-900 dark:text-white">Our History</h1>
      <ol className="mt-10 max-w-3xl space-y-10 border-l-2 border-brand-700 pl-8 dark:border-brand-300">
        {historyMilestones.map((milestone) => (
          <li key={milestone.title} className="relative">
            <span
              aria-hidden="true"
              className="absolute -left-[2.55rem] top-1.5 h-4 w-4 rounded-full border-2 border-white bg-brand-700 dark:border-slate-950 dark:bg-brand-300"
            />
            <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">
              <span className="block text-base font-semibold text-brand-700 dark:text-brand-300">
                {milestone.period}
              </span>
              {milestone.title}
            </h2>
            <p className="mt-2 text-lg text-slate-700 dark:text-slate-300">
              <CharityText text={milestone.text} />
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}
