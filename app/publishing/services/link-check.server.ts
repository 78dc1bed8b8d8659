import MarkdownIt from "markdown-it";
import { nowIsoString } from "~/infra/clock.server";
import { getDb } from "~/infra/db.server";
import { publicOrigin } from "~/infra/public-url.server";
import { publicPagePaths } from "~/content/public-pages";
import { sitemapAppeals, sitemapFundraisingPages, fundraisePath } from "~/causes/index.server";
import { listNews } from "~/publishing/models/news.server";
import { getProject, listProjects } from "~/publishing/models/projects.server";
import { getRedirect } from "~/publishing/models/redirects.server";
import { liveRevisions } from "~/publishing/models/site-pages.server";
import { sitePages, type PageDocument, type SitePageDef } from "~/publishing/schemas/site-pages";
import { newsletterWebPath, sitemapNewsletters } from "./newsletter-issues.server";
import { projectPath, sitemapProjects } from "./projects.server";
import { staffRedirectList } from "./redirects.server";
import { seedDocument } from "./site-page-defaults.server";
import { adminPaths } from "~/utils/admin-paths";

// The link checker (issue 52, docs/site-editor.md): which published pages, projects and news
// articles link to an address of this site that does not exist. What exists: the public pages with a fixed
// address (app/content/public-pages.ts, the sitemap's list), the other fixed routes below, and the
// published content's addresses (articles, newsletters, appeals, fundraising pages). Addresses
// under the prefixes below are files or pages made per request (images, uploads, events' pages),
// and are not checked.

const parser = new MarkdownIt({ html: false, linkify: true });

/** Fixed public routes that the sitemap leaves out. */
const OTHER_ROUTES = ["/search", "/events", "/giving", "/news/rss.xml", "/sitemap.xml", "/robots.txt", "/contact/sent"];

/** Addresses that are files or made per request: not checked. */
const UNCHECKED_PREFIXES = [
  "/images/",
  "/uploads/",
  "/build/",
  "/events/",
  "/api/",
  "/admin",
  "/giving/",
  "/news/page/",
];

export interface BrokenLink {
  /** The page or article that links, as staff name it. */
  source: string;
  /** Where it is edited. */
  editPath: string;
  /** Where visitors see it. */
  sourcePath: string;
  /** The address it links to that does not exist. */
  href: string;
  /** The link's words. */
  text: string;
}

/** The links of a Markdown text: address and words. */
export function markdownLinks(markdown: string): { href: string; text: string }[] {
  const links: { href: string; text: string }[] = [];
  for (const token of parser.parse(markdown, {})) {
    if (token.type !== "inline") continue;
    const children = token.children ?? [];
    for (let i = 0; i < children.length; i++) {
      if (children[i].type !== "link_open") continue;
      const href = children[i].attrGet("href") ?? "";
      let text = "";
      for (let j = i + 1; j < children.length && children[j].type !== "link_close"; j++) text += children[j].content;
      links.push({ href, text });
    }
  }
  return links;
}

/** The site-internal path `href` names (no query or fragment), or null for another site's, a mail or phone link. */
export function internalPath(href: string, origin: string = publicOrigin()): string | null {
  if (href.startsWith("#") || /^(mailto|tel):/i.test(href)) return null;
  let url: URL;
  try {
    url = new URL(href, `${origin}/`);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  return decodeURI(path);
}

/** Every address of the site that exists now. */
export async function knownAddresses(): Promise<Set<string>> {
  const db = getDb();
  const at = nowIsoString();
  const [articles, newsletters, appeals, fundraising, projects, redirects] = await Promise.all([
    listNews(db),
    sitemapNewsletters(),
    sitemapAppeals(),
    sitemapFundraisingPages(),
    sitemapProjects(),
    staffRedirectList(),
  ]);
  return new Set([
    ...publicPagePaths,
    ...OTHER_ROUTES,
    ...sitePages.map((page) => page.path),
    ...articles.filter((a) => articleLiveAt(a, at)).map((a) => `/news/${a.id}`),
    ...newsletters.map((n) => newsletterWebPath(n.slug)),
    ...appeals.map((a) => `/appeals/${a.slug}`),
    ...fundraising.map((p) => fundraisePath(p.slug)),
    // Published projects, and addresses that moved (they answer 301 to a page that exists).
    ...projects.map((p) => p.path),
    ...redirects.map((r) => r.fromPath),
  ]);
}

function markdownOf(def: SitePageDef, document: PageDocument): string[] {
  const texts: string[] = [];
  for (const field of def.fields) if (field.kind === "markdown") texts.push(document.fields[field.name] ?? "");
  for (const list of def.lists) {
    for (const item of document.lists[list.name] ?? []) {
      for (const field of list.fields) if (field.kind === "markdown") texts.push(item[field.name] ?? "");
    }
  }
  return texts;
}

/** The links to addresses of this site that do not exist, in `texts`. */
export function deadLinks(texts: readonly string[], known: ReadonlySet<string>, origin?: string) {
  return texts.flatMap((text) =>
    markdownLinks(text).filter(({ href }) => {
      const path = internalPath(href, origin);
      if (path === null || known.has(path)) return false;
      return !UNCHECKED_PREFIXES.some((prefix) => path.startsWith(prefix));
    }),
  );
}

/**
 * The published pages and articles whose links lead to an address of this site that does not
 * exist; `without` leaves an address out of those that exist, to see what would break before it
 * goes (an article about to be deleted or unpublished).
 */
export async function brokenLinks({ without = [] }: { without?: readonly string[] } = {}): Promise<BrokenLink[]> {
  const known = await knownAddresses();
  for (const path of without) known.delete(path);
  const broken: BrokenLink[] = [];
  const live = new Map((await liveRevisions(getDb(), nowIsoString())).map((r) => [r.pageKey, r.document]));
  for (const def of sitePages) {
    const document = live.get(def.key) ?? seedDocument(def.key);
    for (const link of deadLinks(markdownOf(def, document), known)) {
      broken.push({ source: def.label, editPath: adminPaths.sitePage(def.key), sourcePath: def.path, ...link });
    }
  }
  for (const project of await listProjects(getDb(), { publishedOnly: true })) {
    for (const link of deadLinks([project.body], known)) {
      broken.push({
        source: `Project: ${project.title}`,
        editPath: adminPaths.project(project.id),
        sourcePath: projectPath(project.slug),
        ...link,
      });
    }
  }
  const at = nowIsoString();
  for (const article of await listNews(getDb())) {
    if (article.status !== "published" || article.publishAt > at) continue;
    for (const link of deadLinks([article.content], known)) {
      broken.push({
        source: `News: ${article.title}`,
        editPath: adminPaths.editArticle(article.id),
        sourcePath: `/news/${article.id}`,
        ...link,
      });
    }
  }
  return broken;
}

/** The published pages and articles that link to `path`: what would break if it went (a warning before a delete). */
export async function linksTo(path: string): Promise<BrokenLink[]> {
  return (await brokenLinks({ without: [path] })).filter((link) => internalPath(link.href) === path);
}

/** A published address about to go (unpublished) or move (renamed, 301 to `to`), and the published pages linking to it. */
export interface AddressChangeWarning {
  /** Unpublished, renamed (redirected), or its redirect removed. */
  kind: "unpublish" | "rename" | "remove";
  path: string;
  to: string | null;
  links: BrokenLink[];
  /** The value of CONFIRM_LINKS_FIELD (schemas/redirects.ts) that confirms this change. */
  confirm: string;
}

/**
 * Before a published address stops answering or moves: the published pages that link to it (a
 * page linking to itself aside), or null when visitors' links lose nothing or `confirmed` (the
 * form's CONFIRM_LINKS_FIELD, schemas/redirects.ts) already confirms this very change.
 */
export async function addressChangeWarning(
  before: { path: string; published: boolean },
  after: { path: string; published: boolean; removed?: boolean },
  confirmed?: FormDataEntryValue | null,
): Promise<AddressChangeWarning | null> {
  if (!before.published) return null;
  const kind = !after.published
    ? after.removed
      ? "remove"
      : "unpublish"
    : after.path !== before.path
      ? "rename"
      : null;
  if (!kind) return null;
  const confirm = `${kind}:${before.path}`;
  if (confirmed === confirm) return null;
  const links = (await linksTo(before.path)).filter((link) => link.sourcePath !== before.path);
  if (links.length === 0) return null;
  return { kind, path: before.path, to: kind === "rename" ? after.path : null, links, confirm };
}

/**
 * addressChangeWarning for a saved project about to be saved as `next`: Unpublish takes it off the
 * site; a new address moves it when it is published (now or at a time); a draft changes neither.
 */
export async function projectChangeWarning(
  id: number,
  next: { slug: string; intent: string },
  confirmed?: FormDataEntryValue | null,
): Promise<AddressChangeWarning | null> {
  const current = await getProject(getDb(), id);
  if (!current) return null;
  const moves = next.intent === "publish" || next.intent === "schedule";
  return addressChangeWarning(
    { path: projectPath(current.slug), published: current.state === "published" },
    { path: projectPath(moves ? next.slug : current.slug), published: next.intent !== "unpublish" },
    confirmed,
  );
}

/** Whether visitors see an article at `at`: published, at a publish time not still to come (none: now). */
function articleLiveAt(article: { status: string; publishAt?: string }, at: string): boolean {
  return article.status === "published" && (article.publishAt ?? at) <= at;
}

/**
 * addressChangeWarning for a news article (as the edit form's action read it) about to be saved
 * as `next`: a Draft status, or a publish time still to come, takes a live article off the site
 * (its address then leads nowhere, until that time for the latter). Deleting asks on its own page
 * (news.$id.delete).
 */
export async function articleChangeWarning(
  current: { id: number; status: string; publishAt: string },
  next: { status: string; publishAt?: string },
  confirmed?: FormDataEntryValue | null,
): Promise<AddressChangeWarning | null> {
  const at = nowIsoString();
  const path = `/news/${current.id}`;
  return addressChangeWarning(
    { path, published: articleLiveAt(current, at) },
    { path, published: articleLiveAt(next, at) },
    confirmed,
  );
}

/** addressChangeWarning for a redirect about to be removed: its old address then leads nowhere. */
export async function redirectRemovalWarning(
  id: number,
  confirmed?: FormDataEntryValue | null,
): Promise<AddressChangeWarning | null> {
  const redirect = await getRedirect(getDb(), id);
  if (!redirect) return null;
  return addressChangeWarning(
    { path: redirect.fromPath, published: true },
    { path: redirect.fromPath, published: false, removed: true },
    confirmed,
  );
}
