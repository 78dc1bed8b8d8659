// Site search's words (app/routes/_public+/search.tsx, the header's search box) and its paging.

/** Results a page. */
export const SEARCH_PAGE_SIZE = 10;
/** Pages of results offered at most (the first 500 results). */
export const SEARCH_PAGES_MAX = 50;

export const searchWords = {
  title: "Search",
  emptyLead: "Search our news, projects, appeals, publications and pages.",
  emptyTips: [
    "Type a word or two, like “clinic” or “flood relief”.",
    "Every word you type must appear in a result; fewer words find more.",
  ],
  noResults: (query: string) => `No results for “${query}”.`,
  suggestionsHeading: "Suggestions",
  noResultTips: ["Check the spelling of each word.", "Try fewer or more general words."],
  browse: "Or browse:",
  browseLinks: [
    { label: "News", to: "/news" },
    { label: "Our projects", to: "/projects" },
    { label: "Publications", to: "/publications" },
    { label: "Frequently asked questions", to: "/about/faq" },
    { label: "Contact us", to: "/contact" },
  ],
  didYouMean: "Did you mean",
  count: (total: number, query: string) => `${total} ${total === 1 ? "result" : "results"} for “${query}”`,
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  pastTheEnd: (page: number) => `There is no page ${page} of results.`,
  firstPage: "Go to the first page of results",
  previous: "Previous results",
  next: "More results",
  tooLong: (max: number) => `Your search is too long: use at most ${max} characters.`,
  kinds: {
    news: "News",
    page: "Page",
    project: "Project",
    publication: "Publication",
    appeal: "Appeal",
  },
} as const;
