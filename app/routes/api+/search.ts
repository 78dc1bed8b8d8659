import { apiError, apiJson, apiRoute } from "~/routes/_glue/api.server";
import { answerSearch } from "~/routes/_glue/search-page.server";
import { absoluteUrl } from "~/infra/public-url.server";
import type { SnippetPart } from "~/utils/search-text";

const plain = (parts: SnippetPart[]) => parts.map((part) => part.text).join("");

const handle = apiRoute({
  // Site search (docs/api.md#get-apisearch): the results /search shows, 10 a page, the same for
  // every caller (published and open things only); Link: <…>; rel="next" while more remain.
  async GET({ request }) {
    const answer = await answerSearch(new URL(request.url));
    if (answer.status !== 200) return apiError(400, answer.error ?? "Invalid search", { issues: {} });
    const headers: Record<string, string> = { "X-Robots-Tag": "noindex" };
    if (answer.page < answer.pageCount) {
      const next = new URLSearchParams({ q: answer.query, page: String(answer.page + 1) });
      headers.Link = `<${absoluteUrl(`/api/search?${next}`)}>; rel="next"`;
    }
    return apiJson(
      {
        query: answer.query,
        total: answer.total,
        page: answer.page,
        page_count: answer.pageCount,
        suggestion: answer.suggestion,
        results: answer.results.map((result) => ({
          kind: result.kind,
          title: plain(result.title),
          url: absoluteUrl(result.url),
          date: result.date,
          snippet: plain(result.snippet),
          // The snippet cut into plain and matching words, for a client to mark them itself.
          snippet_parts: result.snippet.map((part) => ({ text: part.text, match: part.marked })),
        })),
      },
      200,
      headers,
    );
  },
});

export const loader = handle;
export const action = handle;
