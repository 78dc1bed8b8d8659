import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { aboutOverview } from "~/content/about";
import { CharityText, useCharity } from "~/components/charity";
import { site } from "~/content/site";
import { charityRegister } from "~/utils/charity-text";
import { pageMeta } from "~/utils/meta";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "About Us",
      description: `${site.name} is the UK chapter of an international medical health charity. Registered charity number ${site.charityNumber}.`,
    },
    matches,
  );

export default function AboutOverview() {
  const charity = useCharity();
  const registration = [
    { label: `Registered charity number (${charityRegister(charity.charityNumber)})`, value: charity.charityNumber },
    { label: "Company number", value: charity.companyNumber },
  ];
  return (
    <article className="max-w-3xl">
      <h1 className="text-4xl font-bold text-slate-900 dark:text-white">
        <CharityText text={aboutOverview.heading} />
      </h1>
      {aboutOverview.paragraphs.map((paragraph) => (
        <p key={paragraph} className="mt-5 text-lg text-slate-700 dark:text-slate-300">
          <CharityText text={paragraph} />
        </p>
      ))}
      <h2 className="mt-10 text-2xl font-semibold text-slate-900 dark:text-white">Registration</h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        {registration.map((entry) => (
          <div key={entry.label} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <dt className="text-sm text-slate-700 dark:text-slate-300">{entry.label}</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900 dark:text-white">{entry.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-10 text-slate-700 dark:text-slate-300">
        Meet{" "}
        <Link to="/about/team" className="link">
          our team
        </Link>
        , read{" "}
        <Link to="/about/history" className="link">
          our history
        </Link>{" "}
        or{" "}
        <Link to="/contact" className="link">
          contact us
        </Link>
        .
      </p>
    </article>
  );
}
