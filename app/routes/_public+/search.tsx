import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageBanner } from "~/components/page-banner";
import { HeadedSection } from "~/components/ui/headed-section";
import { LinkList } from "~/components/ui/link-list";
import { searchWords } from "~/content/search";
import { answerSearch, SEARCH_HEADERS } from "~/routes/_glue/search-page.server";
import { formatLongDate } from "~/utils/date-format";
import { pageMeta } from "~/utils/meta";
import type { SnippetPart } from "~/utils/search-text";

// Site search (docs/search.md). Not in the page cache (no `handle.pageCache`): one entry per
// query would push the site's pages out of it; answers are `private, no-store` and `noindex`.

export async function loader({ request }: LoaderFunctionArgs) {
  const answer = await answerSearch(new URL(request.url));
  return json(answer, { status: answer.status, headers: SEARCH_HEADERS });
}

export const headers: HeadersFunction = () => SEARCH_HEADERS;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(
    {
      title: data?.query && !data.error ? `Search: ${data.query}` : searchWords.title,
      description: searchWords.emptyLead,
      noindex: true,
    },
    matches,
  );

/** Words as the database marked them: plain text and <mark> elements, nothing else. */
function Marked({ parts }: { parts: SnippetPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.marked ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-slate-950 dark:bg-amber-300">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

function searchHref(query: string, page = 1): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set("page", String(page));
  return `/search?${params}`;
}

function NoResults({ query, suggestion }: { query: string; suggestion: string | null }) {
  return (
    <div className="space-y-4">
      <p className="text-lg font-medium text-slate-900 dark:text-white">{searchWords.noResults(query)}</p>
      {suggestion ? (
        <p className="text-lg">
          {searchWords.didYouMean}{" "}
          <Link to={searchHref(suggestion)} className="link">
            {suggestion}
          </Link>
          ?
        </p>
      ) : null}
      <Help heading={searchWords.suggestionsHeading} tips={searchWords.noResultTips} />
    </div>
  );
}

function Help({ heading, tips }: { heading: string; tips: readonly string[] }) {
  return (
    <HeadedSection id="search-help" heading={heading} className="space-y-3">
      <ul className="list-disc space-y-1 pl-6 text-slate-700 dark:text-slate-300">
        {tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <p className="text-slate-700 dark:text-slate-300">{searchWords.browse}</p>
      <LinkList links={searchWords.browseLinks} className="flex flex-wrap gap-3" />
    </HeadedSection>
  );
}

export default function SearchPage() {
  const data = useLoaderData<typeof loader>();
  const { query, error, total, results, page, pageCount, suggestion } = data;
  const blank = query.trim() === "" && !error;
  return (
    <>
      <PageBanner title={searchWords.title} lead={searchWords.emptyLead} headingId="search-heading" />
      <div className="container-page space-y-8 py-10">
        {error ? (
          <p
            role="alert"
            className="rounded-md border border-red-700 bg-red-50 p-4 text-red-900 dark:bg-red-950 dark:text-red-100"
          >
            {error}
          </p>
        ) : null}
        {blank ? (
          <Help heading="How to search" tips={searchWords.emptyTips} />
        ) : error ? null : total === 0 ? (
          <NoResults query={query} suggestion={suggestion} />
        ) : (
          <section aria-labelledby="search-count" className="space-y-6">
            <h2 id="search-count" className="text-xl font-semibold text-slate-900 dark:text-white">
              {searchWords.count(total, query)}
            </h2>
            {pageCount > 1 ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">{searchWords.pageOf(page, pageCount)}</p>
            ) : null}
            {results.length === 0 ? (
              <p>
                {searchWords.pastTheEnd(page)}{" "}
                <Link to={searchHref(query)} className="link">
                  {searchWords.firstPage}
                </Link>
              </p>
            ) : (
              <ol className="space-y-6">
                {results.map((result) => (
                  <li
                    key={`${result.kind}:${result.url}`}
                    className="border-b border-slate-200 pb-6 dark:border-slate-700"
                  >
                    <p className="text-sm text-slate-700 dark:text-slate-300">
                      <span className="font-semibold text-brand-800 dark:text-brand-200">
                        {searchWords.kinds[result.kind]}
                      </span>
                      {result.date ? (
                        <>
                          {" · "}
                          <time dateTime={result.date}>{formatLongDate(result.date)}</time>
                        </>
                      ) : null}
                    </p>
                    <h3 className="mt-1 text-lg font-semibold">
                      <Link to={result.url} className="link" reloadDocument={result.url.endsWith(".pdf")}>
                        <Marked parts={result.title} />
                      </Link>
                    </h3>
                    <p className="mt-1 text-slate-700 dark:text-slate-300">
                      <Marked parts={result.snippet} />
                    </p>
                  </li>
                ))}
              </ol>
            )}
            {pageCount > 1 ? (
              <nav aria-label="Search results pages" className="flex justify-between gap-4">
                {page > 1 ? (
                  <Link to={searchHref(query, page - 1)} className="btn-secondary" rel="prev">
                    {searchWords.previous}
                  </Link>
                ) : (
                  <span />
                )}
                {page < pageCount ? (
                  <Link to={searchHref(query, page + 1)} className="btn-secondary" rel="next">
                    {searchWords.next}
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </section>
        )}
      </div>
    </>
  );
}
