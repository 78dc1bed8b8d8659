// The header's search box (app/components/site-search.tsx), on every public page: kept apart from
// the search page's words (./search.ts) so every page's script carries only these few.

export const searchBoxWords = { fieldLabel: "Search this site", button: "Search", placeholder: "Search" } as const;

/** The longest query taken, in characters (a longer one is refused with a message). */
export const SEARCH_QUERY_MAX = 200;
