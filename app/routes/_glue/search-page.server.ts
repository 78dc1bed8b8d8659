// Route glue (app/routes/_glue/): site search's HTTP side, shared by the page
// (app/routes/_public+/search.tsx) and the API (app/routes/api+/search.ts): reading `q` and
// `page`, refusing what cannot be answered with a message, and the results in the shape both
// send (titles and snippets as plain and marked parts, never HTML).
import { SEARCH_PAGES_MAX, searchWords } from "~/content/search";
import { SearchRefusal, searchSite, type SearchHit, type SearchKind } from "~/publishing/index.server";
import { SEARCH_QUERY_MAX, snippetParts, type SnippetPart } from "~/utils/search-text";

/** Search answers are for one visitor's query: kept by no shared cache, nor by the page cache. */
export const SEARCH_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

export interface SearchResultView {
  kind: SearchKind;
  url: string;
  /** ISO date or instant, or null for a page without one. */
  date: string | null;
  title: SnippetPart[];
  snippet: SnippetPart[];
}

export interface SearchAnswer {
  status: 200 | 400;
  query: string;
  /** A message when the query or page cannot be answered (status 400). */
  error: string | null;
  page: number;
  pageCount: number;
  total: number;
  results: SearchResultView[];
  suggestion: string | null;
}

const toView = (hit: SearchHit): SearchResultView => ({
  kind: hit.kind,
  url: hit.url,
  date: hit.shownAt,
  title: snippetParts(hit.title),
  snippet: snippetParts(hit.snippet),
});

/** `?page=`: absent is 1; digits only. */
function pageNumber(value: string | null): number | null {
  if (value === null || value === "") return 1;
  if (!/^\d{1,4}$/.test(value)) return null;
  return Number(value);
}

/** Answers `?q=…&page=…` of `url`: results, or a 400 with a message (never an exception for odd input). */
export async function answerSearch(url: URL): Promise<SearchAnswer> {
  const query = url.searchParams.get("q") ?? "";
  const page = pageNumber(url.searchParams.get("page"));
  const refused = (error: string, shown = query): SearchAnswer => ({
    status: 400,
    query: shown,
    error,
    page: 1,
    pageCount: 0,
    total: 0,
    results: [],
    suggestion: null,
  });
  if (query.length > SEARCH_QUERY_MAX) {
    return refused(searchWords.tooLong(SEARCH_QUERY_MAX), query.slice(0, SEARCH_QUERY_MAX));
  }
  if (page === null) return refused(`Choose a page of results from 1 to ${SEARCH_PAGES_MAX}.`);
  try {
    const found = await searchSite(query, page);
    return {
      status: 200,
      query,
      error: null,
      page: found.page,
      pageCount: found.pageCount,
      total: found.total,
      results: found.hits.map(toView),
      suggestion: found.suggestion,
    };
  } catch (error) {
    if (error instanceof SearchRefusal) return refused(error.message);
    throw error;
  }
}
