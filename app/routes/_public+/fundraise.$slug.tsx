import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MissingOrError } from "~/components/error-page";
import { CauseFigures } from "~/components/goal-progress";
import { PageGiftList } from "~/components/page-gifts";
import { LeadPicture, MarkdownText } from "~/components/reading-page";
import { ShareLinks } from "~/components/share-links";
import { fundraiseCopy } from "~/content/appeals";
import type { PageCacheHandle } from "~/infra/page-cache.server";
import { cachedLoader, json, publicFundraisingPage } from "~/routes/_imports/fundraise-page.server";
import { notFound } from "~/utils/http";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";

/** A supporter's page: public (and cached like every public page) only once staff approved it; 404 before. */
export const handle: PageCacheHandle = { pageCache: true };

export async function loader(args: LoaderFunctionArgs) {
  return cachedLoader(args, async () => {
    const page = await publicFundraisingPage(args.params.slug ?? "");
    if (!page) throw notFound(fundraiseCopy.notFound);
    return json({ page, url: page.url });
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return pageMeta({ title: fundraiseCopy.notFound, description: fundraiseCopy.notFoundBody }, matches);
  return [
    ...pageMeta({ title: data.page.title, description: data.page.summary, url: data.url }, matches),
    { tagName: "link", rel: "canonical", href: data.url },
  ];
};

export default function FundraisePage() {
  const { page } = useLoaderData<typeof loader>();
  const { totals } = page;
  const give = `/donate?page=${page.slug}`;
  return (
    <article className="container-page max-w-3xl py-10">
      <p className="text-sm font-semibold text-brand-700 uppercase dark:text-brand-300">
        {page.kind === "memoriam" ? "In Memoriam" : "Share My Day"}
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight break-words sm:text-4xl">{page.title}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {page.inMemoryOf ? `${fundraiseCopy.inMemoryOf} ${page.inMemoryOf}. ` : ""}
        {page.occasion ? `${page.occasion}. ` : ""}A page by {page.ownerName}.
      </p>
      {page.appeal ? (
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {fundraiseCopy.forAppeal}{" "}
          <Link to={`/appeals/${page.appeal.slug}`} className="link">
            {page.appeal.title}
          </Link>
          .
        </p>
      ) : null}
      <CauseFigures
        id="page-figures"
        heading="How the page is doing"
        figures={[
          ...(page.targetPence === null ? [] : [{ label: fundraiseCopy.target, value: formatPence(page.targetPence) }]),
          {
            label: fundraiseCopy.raised,
            value: formatPence(totals.givenPence),
            note: page.giftAidPence > 0 ? fundraiseCopy.plusGiftAid(page.giftAidPence) : undefined,
          },
          { label: "Supporters", value: String(totals.donors) },
        ]}
        progress={
          page.targetPence === null
            ? null
            : {
                label: `${page.title}: progress toward the target`,
                valuePence: totals.givenPence,
                goalPence: page.targetPence,
                words: `${formatPence(totals.givenPence)} raised of a ${formatPence(page.targetPence)} target`,
              }
        }
      >
        <p className="mt-6">
          <Link to={give} className="btn-donate px-8 py-3 text-base">
            {page.kind === "memoriam" ? fundraiseCopy.giveInMemory : fundraiseCopy.give}
          </Link>
        </p>
      </CauseFigures>
      {page.image ? <LeadPicture image={page.image} /> : null}
      <MarkdownText html={page.storyHtml} />
      <section aria-labelledby="supporters-heading" className="mt-10">
        <h2 id="supporters-heading" className="text-2xl font-bold">
          {fundraiseCopy.supporters}
        </h2>
        <PageGiftList gifts={page.supporters} empty={fundraiseCopy.noSupporters} anonymous={fundraiseCopy.anonymous} />
      </section>
      <ShareLinks links={page.shareLinks} heading={fundraiseCopy.shareHeading} />
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <MissingOrError
      title={fundraiseCopy.notFound}
      text={fundraiseCopy.notFoundBody}
      link={{ to: "/get-involved", label: "Back to Get Involved" }}
    />
  );
}
