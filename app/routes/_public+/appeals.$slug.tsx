import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MissingOrError } from "~/components/error-page";
import { CauseFigures } from "~/components/goal-progress";
import { LeadPicture, MarkdownText } from "~/components/reading-page";
import { appealCopy } from "~/content/appeals";
import type { PageCacheHandle } from "~/infra/page-cache.server";
import { absoluteUrl, cachedLoader, json, publicAppeal } from "~/routes/_imports/appeal-page.server";
import { notFound } from "~/utils/http";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";

/**
 * Cached for anonymous visitors like every public page (at most SHARED_CACHE_SECONDS behind for
 * a shared cache; the in-process copy is dropped by staff changes): on appeal night the page is
 * served from the cache, and its figures are one aggregate query on each uncached render.
 */
export const handle: PageCacheHandle = { pageCache: true };

export async function loader(args: LoaderFunctionArgs) {
  return cachedLoader(args, async () => {
    const appeal = await publicAppeal(args.params.slug ?? "");
    if (!appeal) throw notFound(appealCopy.notFound);
    return json({ appeal, url: absoluteUrl(`/appeals/${appeal.slug}`) });
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return pageMeta({ title: appealCopy.notFound, description: appealCopy.notFoundBody }, matches);
  return [
    ...pageMeta({ title: data.appeal.title, description: data.appeal.summary, url: data.url }, matches),
    { tagName: "link", rel: "canonical", href: data.url },
  ];
};

export default function AppealPage() {
  const { appeal } = useLoaderData<typeof loader>();
  const { totals } = appeal;
  return (
    <article className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{appeal.title}</h1>
      {appeal.open ? null : (
        <div className="mt-6 rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50">
          <h2 className="font-semibold">{appealCopy.closedHeading}</h2>
          <p className="mt-1">{appealCopy.closedText}</p>
          <p className="mt-3">
            <Link to="/donate" className="btn-secondary">
              {appealCopy.generalFund}
            </Link>
          </p>
        </div>
      )}
      <CauseFigures
        id="appeal-figures"
        heading="How the appeal is doing"
        figures={[
          { label: appealCopy.goal, value: formatPence(appeal.goalPence) },
          { label: appealCopy.given, value: formatPence(totals.givenPence) },
          {
            label: appealCopy.donors,
            value: String(totals.donors),
            note: appeal.goalDonors ? `of ${appeal.goalDonors}` : undefined,
          },
        ]}
        progress={{
          label: `${appeal.title}: progress toward the goal`,
          valuePence: totals.givenPence,
          goalPence: appeal.goalPence,
          words: appealCopy.progressWords(totals.givenPence, appeal.goalPence),
        }}
      >
        {appeal.open ? (
          <p className="mt-6 flex flex-wrap gap-3">
            <Link to={`/donate?appeal=${appeal.slug}`} className="btn-donate px-8 py-3 text-base">
              {appealCopy.donate}
            </Link>
            {/* A plain link: the form opens with this appeal chosen, with or without JavaScript. */}
            <Link
              to={`/get-involved/share-my-day?appeal=${appeal.slug}#start-page-heading`}
              className="btn-secondary px-6 py-3 text-base"
            >
              {appealCopy.startFundraising}
            </Link>
          </p>
        ) : null}
      </CauseFigures>
      {appeal.image ? <LeadPicture image={appeal.image} /> : null}
      <MarkdownText html={appeal.storyHtml} />
      {appeal.topPages.length > 0 || appeal.open ? (
        <section aria-labelledby="appeal-pages" className="mt-10">
          <h2 id="appeal-pages" className="text-2xl font-bold">
            {appealCopy.topPagesHeading}
          </h2>
          {appeal.open ? (
            <p className="mt-2 text-slate-700 dark:text-slate-300">{appealCopy.startFundraisingText}</p>
          ) : null}
          {appeal.topPages.length > 0 ? (
            <ol className="mt-4 space-y-3">
              {appeal.topPages.map((page) => (
                <li
                  key={page.slug}
                  className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
                >
                  <span>
                    <Link to={`/fundraise/${page.slug}`} className="link break-words">
                      {page.title}
                    </Link>
                    <span className="text-slate-700 dark:text-slate-300">, {appealCopy.raisedBy(page.ownerName)}</span>
                  </span>
                  <span className="font-semibold">{formatPence(page.raisedPence)} raised</span>
                </li>
              ))}
            </ol>
          ) : null}
        </section>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <MissingOrError
      title={appealCopy.notFound}
      text={appealCopy.notFoundBody}
      link={{ to: "/donate", label: appealCopy.generalFund }}
    />
  );
}
