import { pageCache, type PageCache } from "~/infra/page-cache.server";

// The one call that drops this process's cached public pages after a write: it knows which
// cached pages show each kind of change. Call it once the write has committed; inside the
// transaction, notePublicChange (app/infra/db.server.ts) tells the other instances on PostgreSQL.
// Events' pages are never cached (no events route opts in), so an event change drops nothing.

/** What a committed write changed, of what cached public pages show. */
export type PublicChange =
  /** An article written, edited, published or deleted: the home page's latest news, the news pages and the news API's anonymous answers. */
  | "news"
  /** A newsletter sent: its archive. */
  | "newsletter"
  /** An appeal made or edited: its page, the fundraising pages raising for it, and the open appeals "Start your page" offers. */
  | "appeal"
  /** A fundraising page approved, edited or given a message: its page and its appeal's totals. */
  | "fundraising-page"
  /** A gift recorded to an appeal or a fundraising page (by hand, a bank import or a card webhook): their totals. */
  | "gift-to-cause"
  /** A publication or publication type added, changed or deleted: the publications page. */
  | "publication"
  /** One of the charity's own pages published (app/publishing/services/site-pages.server.ts): the pages made of them. */
  | "site-pages"
  /** The charity's settings (name, contact details, links): every page's frame. */
  | "charity-settings"
  /** A project saved, published or renamed: the project pages, and the menu and footer on every page. */
  | "project";

const under =
  (...prefixes: string[]) =>
  (path: string) =>
    prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`));

const everyPage = () => true;

/** For each kind of change, the cached pages (by path) that show it. */
export const pagesShowing: Record<PublicChange, (path: string) => boolean> = {
  news: (path) => path === "/" || under("/news", "/api/news")(path),
  newsletter: under("/newsletters"),
  // Also "Start your page", whose list holds the open appeals.
  appeal: under("/appeals", "/fundraise", "/get-involved/share-my-day", "/get-involved/memoriam"),
  "fundraising-page": under("/fundraise", "/appeals"),
  "gift-to-cause": under("/appeals", "/fundraise"),
  publication: under("/publications"),
  // Home, About (and its tabs), Get Involved, the donate page and the legal pages.
  "site-pages": (path) => path === "/" || under("/about", "/get-involved", "/donate", "/privacy", "/terms")(path),
  "charity-settings": everyPage,
  project: everyPage,
};

/** Drops the cached pages that show what changed. */
export function pagesChanged(what: PublicChange, cache: PageCache = pageCache): void {
  cache.drop(pagesShowing[what]);
}
