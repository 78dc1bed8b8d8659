// Site search (issue 53, docs/search.md): what is indexed and how a visitor's query is answered.
// The index itself (SQL of each engine) is app/infra/search-index.server.ts. Articles, appeals
// projects and publications (with the words of their PDFs) are indexed by their services in the
// same transaction as the change (indexArticle, indexAppeal, indexProject, indexPublication), the
// site's pages by their publish (indexSitePages), a scheduled publish by the first search after its
// time (refreshScheduledPages); the pages are also refreshed at start-up when they changed
// (ensureSearchIndex), and everything by `npm run search:rebuild`.
import crypto from "node:crypto";
import { londonToday, now, nowIsoString } from "~/infra/clock.server";
import { afterCommit, dataVersionNow, getDb, immediateTransaction, notePublicChange, type DB } from "~/infra/db.server";
import { markdownToText } from "~/infra/markdown.server";
import {
  closestIndexWords,
  putSearchDocuments,
  readSearchIndexVersion,
  removeSearchDocument,
  removeSearchDocumentsOfKind,
  searchDocuments,
  writeSearchIndexVersion,
  type SearchDocument,
  type SearchHit,
  type SearchKind,
} from "~/infra/search-index.server";
import { listAppeals, type Appeal } from "~/causes/index.server";
import { listNews, nextPublishAfter, type NewsArticle } from "~/publishing/models/news.server";
import { listPublications, publicationText, type Publication } from "~/publishing/models/publications.server";
import { publicationDownloadPath } from "~/publishing/utils/publication-paths";
import { listProjects, type ProjectRecord } from "~/publishing/models/projects.server";
import { privacyPolicy, termsOfUse } from "~/content/legal";
import { lastPagePublishAtOrBefore, liveRevisions, nextPagePublishAfter } from "~/publishing/models/site-pages.server";
import type { PageDocument } from "~/publishing/schemas/site-pages";
import { seedDocument } from "./site-page-defaults.server";
import { SEARCH_PAGE_SIZE, SEARCH_PAGES_MAX } from "~/content/search";
import { searchTerms } from "~/utils/search-text";

export type { SearchHit, SearchKind };

/** Bumped when what is indexed, or how, changes: every database is then re-indexed at start-up. */
const INDEX_FORMAT = 2;

// ---- What is indexed ----

/** An article's document, or null when it is a draft (a scheduled one is indexed, found from its time). */
function articleDocument(article: NewsArticle): SearchDocument | null {
  if (article.status !== "published") return null;
  return {
    kind: "news",
    ref: String(article.id),
    title: article.title,
    body: markdownToText(article.content),
    url: `/news/${article.id}`,
    shownAt: article.publishAt,
    visibleFrom: article.publishAt,
  };
}

/** An appeal's document, or null when it is closed (an open one is found only within its days). */
function appealDocument(appeal: Appeal): SearchDocument | null {
  if (!appeal.isOpen) return null;
  return {
    kind: "appeal",
    ref: String(appeal.id),
    title: appeal.title,
    body: markdownToText(appeal.story),
    url: `/appeals/${appeal.slug}`,
    shownAt: appeal.startsOn,
    openFrom: appeal.startsOn,
    openUntil: appeal.endsOn,
  };
}

/**
 * Called in the transaction that saved, published, unpublished or scheduled an article (news
 * service): its document is replaced, or removed while it is a draft.
 */
export async function indexArticle(trx: DB, article: NewsArticle): Promise<void> {
  const doc = articleDocument(article);
  if (doc) await putSearchDocuments(trx, [doc]);
  else await removeSearchDocument(trx, "news", String(article.id));
  await afterCommit(trx, forgetAnswers);
}

/** Called in the transaction that deleted an article. */
export async function unindexArticle(trx: DB, id: number): Promise<void> {
  await removeSearchDocument(trx, "news", String(id));
  await afterCommit(trx, forgetAnswers);
}

/** Called in the transaction that created or changed an appeal: found while it is open. */
export async function indexAppeal(trx: DB, appeal: Appeal): Promise<void> {
  const doc = appealDocument(appeal);
  if (doc) await putSearchDocuments(trx, [doc]);
  else await removeSearchDocument(trx, "appeal", String(appeal.id));
  await afterCommit(trx, forgetAnswers);
}

/** A publication's document, or null while visitors do not see it (hidden). */
function publicationDocument(publication: Publication, text: string | null): SearchDocument | null {
  if (publication.status !== "published") return null;
  return {
    kind: "publication",
    ref: String(publication.id),
    title: publication.title,
    body: [`${publication.typeName}.`, publication.description, text ?? ""].join("\n"),
    url: publication.document ? publicationDownloadPath(publication.slug) : "/publications",
    shownAt: publication.publishedOn,
  };
}

/**
 * Called in the transaction that created, changed or seeded a publication: its document is
 * replaced (with the text of its PDF), or removed while it is hidden.
 */
export async function indexPublication(trx: DB, publication: Publication, text: string | null): Promise<void> {
  const doc = publicationDocument(publication, text);
  if (doc) await putSearchDocuments(trx, [doc]);
  else await removeSearchDocument(trx, "publication", String(publication.id));
  await afterCommit(trx, forgetAnswers);
}

/** Called in the transaction that deleted a publication. */
export async function unindexPublication(trx: DB, id: number): Promise<void> {
  await removeSearchDocument(trx, "publication", String(id));
  await afterCommit(trx, forgetAnswers);
}

/** A project's document, or null while it is a draft. */
function projectDocument(project: ProjectRecord): SearchDocument | null {
  if (project.state !== "published") return null;
  const alts = [project.card, ...project.gallery].map((picture) => picture?.alt ?? "").filter(Boolean);
  return {
    kind: "project",
    ref: String(project.id),
    title: project.title,
    body: [project.summary, markdownToText(project.body), ...alts].join("\n"),
    url: `/projects/${project.slug}`,
    shownAt: null,
  };
}

/** Called in the transaction that saved a project (projects service): found while it is published. */
export async function indexProject(trx: DB, project: ProjectRecord): Promise<void> {
  const doc = projectDocument(project);
  if (doc) await putSearchDocuments(trx, [doc]);
  else await removeSearchDocument(trx, "project", String(project.id));
  await afterCommit(trx, forgetAnswers);
}

const page = (ref: string, title: string, url: string, body: string[]): SearchDocument => ({
  kind: "page",
  ref,
  title,
  body: body.join("\n"),
  url,
  shownAt: null,
});

/** The site's own pages as they are live now (site editor, docs/site-editor.md): their words from the database. */
async function sitePageDocuments(db: DB, at: string = nowIsoString()): Promise<SearchDocument[]> {
  const live = new Map((await liveRevisions(db, at)).map((r) => [r.pageKey, r.document]));
  const doc = (key: string): PageDocument => live.get(key) ?? seedDocument(key);
  const text = (value: string | undefined) => markdownToText(value ?? "");
  const about = doc("about");
  const history = doc("history");
  const faq = doc("faq");
  const team = doc("team");
  const people = (team.lists.people ?? []).map((person) => `${person.name}, ${person.role}`);
  const getInvolved = GET_INVOLVED_PAGES.map((slug): Record<string, string | undefined> & { slug: string } => ({
    ...doc(slug).fields,
    slug,
  }));
  return [
    page("about", about.fields.heading ?? "About us", "/about", [text(about.fields.body)]),
    page(
      "history",
      history.fields.heading ?? "Our History",
      "/about/history",
      (history.lists.milestones ?? []).map((m) => `${m.period}: ${m.title}. ${m.text}`),
    ),
    page(
      "faq",
      faq.fields.heading ?? "Frequently Asked Questions",
      "/about/faq",
      (faq.lists.questions ?? []).map((item) => `${item.question} ${text(item.answer)}`),
    ),
    page("team", team.fields.heading ?? "Our Team", "/about/team", ["Trustees and officers.", ...people]),
    page(
      "get-involved",
      "Get Involved",
      "/get-involved",
      getInvolved.map((p) => `${p.title}: ${p.summary}`),
    ),
    ...getInvolved.map((p) =>
      page(`get-involved/${p.slug}`, p.title ?? p.slug, `/get-involved/${p.slug}`, [p.summary ?? "", text(p.body)]),
    ),
    page("privacy", privacyPolicy.title, "/privacy", [privacyPolicy.description, doc("privacy").fields.intro ?? ""]),
    page("terms", termsOfUse.title, "/terms", [termsOfUse.description, doc("terms").fields.intro ?? ""]),
  ];
}

const GET_INVOLVED_PAGES = ["share-my-day", "memoriam", "volunteers", "internships", "advisors"];

/**
 * Where the index notes which page publish its pages' documents reflect: the newest publish time
 * that had come when they were indexed. A scheduled publish whose time has come moves the live
 * mark past it, and the next search re-indexes the pages (refreshScheduledPages).
 */
const PAGES_MARK_KEY = "search_index_pages_live_from";

const pagesLiveMark = async (db: DB, at: string) => (await lastPagePublishAtOrBefore(db, at)) ?? "none";

/** Called in the transaction that published a site page: the pages' documents are replaced. */
export async function indexSitePages(trx: DB): Promise<void> {
  const at = nowIsoString();
  await putSitePages(trx, await sitePageDocuments(trx, at), at);
  await afterCommit(trx, forgetAnswers);
}

async function putSitePages(trx: DB, docs: SearchDocument[], at: string): Promise<void> {
  for (const doc of docs) await removeSearchDocument(trx, "page", doc.ref);
  await putSearchDocuments(trx, docs);
  await writeSearchIndexVersion(trx, await pagesLiveMark(trx, at), PAGES_MARK_KEY);
}

/**
 * A page published at a time (Publish at) reaches search at that time: before a query is answered,
 * when a page publish has come since the pages were indexed (the mark in the database, so any
 * instance sees it), the pages are re-indexed, once (under the write lock, checked again inside),
 * and every instance forgets the answers it keeps (the public change).
 */
async function refreshScheduledPages(db: DB): Promise<void> {
  const at = nowIsoString();
  if ((await readSearchIndexVersion(db, PAGES_MARK_KEY)) === (await pagesLiveMark(db, at))) return;
  await immediateTransaction(db, async (trx) => {
    if ((await readSearchIndexVersion(trx, PAGES_MARK_KEY)) === (await pagesLiveMark(trx, at))) return;
    await putSitePages(trx, await sitePageDocuments(trx, at), at);
    await notePublicChange(trx);
    await afterCommit(trx, forgetAnswers);
  });
}

/** The site's own pages (their live words); projects and publications are indexed from their tables. */
export async function siteDocuments(db: DB = getDb(), at: string = nowIsoString()): Promise<SearchDocument[]> {
  return sitePageDocuments(db, at);
}

const SITE_KINDS = ["page"] as const satisfies readonly SearchKind[];

/** What the index holds of the site's own content, as one string: a change means a refresh. */
function versionOf(docs: SearchDocument[]): string {
  const hash = crypto.createHash("sha256").update(JSON.stringify(docs)).digest("hex").slice(0, 16);
  return `${INDEX_FORMAT}:${hash}`;
}

/**
 * Re-indexes everything (`npm run search:rebuild`, and at start-up after a migration or a change
 * of the site's content): every published article, every open appeal, every publication visitors
 * see, the site's pages and projects; documents of things that no longer exist go. In one transaction on `db`.
 */
export async function rebuildSearchIndex(db: DB = getDb()): Promise<{ documents: number }> {
  const at = nowIsoString();
  const site = await siteDocuments(db, at);
  return immediateTransaction(db, async (trx) => {
    const count = await rebuildIn(trx, site, at);
    await writeSearchIndexVersion(trx, versionOf(site));
    return { documents: count };
  });
}

/** `site`: the site's pages' documents as they were live at `siteAt`. */
async function rebuildIn(trx: DB, site: SearchDocument[], siteAt: string): Promise<number> {
  // Other instances forget the answers they keep (PostgreSQL; SQLite's data_version moves itself).
  await notePublicChange(trx);
  await afterCommit(trx, forgetAnswers);
  const articles = (await listNews(trx)).map(articleDocument).filter((doc): doc is SearchDocument => doc !== null);
  const appeals = (await listAppeals(trx)).map(appealDocument).filter((doc): doc is SearchDocument => doc !== null);
  const projects = (await listProjects(trx)).map(projectDocument).filter((doc): doc is SearchDocument => doc !== null);
  const publications: SearchDocument[] = [];
  for (const publication of await listPublications(trx, { publishedOnly: true })) {
    const doc = publicationDocument(publication, await publicationText(trx, publication.id));
    if (doc) publications.push(doc);
  }
  const groups: [SearchKind, SearchDocument[]][] = [
    ["news", articles],
    ["appeal", appeals],
    ["project", projects],
    ["publication", publications],
    ...SITE_KINDS.map((kind): [SearchKind, SearchDocument[]] => [kind, site.filter((doc) => doc.kind === kind)]),
  ];
  for (const [kind, docs] of groups) {
    await removeSearchDocumentsOfKind(trx, kind);
    await putSearchDocuments(trx, docs);
  }
  await writeSearchIndexVersion(trx, await pagesLiveMark(trx, siteAt), PAGES_MARK_KEY);
  return articles.length + appeals.length + projects.length + publications.length + site.length;
}

const ensured = new WeakMap<DB, Promise<void>>();

/**
 * Makes sure the index is whole and holds this version of the site's content: when the database
 * was indexed by another version of the app (or only by migration 0042), everything is
 * re-indexed once. Run at start-up (db:setup) and before the first search of a process.
 */
export function ensureSearchIndex(db: DB = getDb()): Promise<void> {
  let done = ensured.get(db);
  if (!done) {
    done = (async () => {
      const at = nowIsoString();
      const site = await siteDocuments(db, at);
      const version = versionOf(site);
      if ((await readSearchIndexVersion(db)) === version) return;
      await immediateTransaction(db, async (trx) => {
        // Another instance may have done it while this one waited for the lock.
        if ((await readSearchIndexVersion(trx)) === version) return;
        await rebuildIn(trx, site, at);
        await writeSearchIndexVersion(trx, version);
      });
    })();
    // A failure is tried again by the next search, not remembered.
    done.catch(() => ensured.delete(db));
    ensured.set(db, done);
  }
  return done;
}

// ---- Answering a query ----

export interface SearchResults {
  query: string;
  terms: string[];
  page: number;
  pageCount: number;
  total: number;
  hits: SearchHit[];
  /** "Did you mean…": the query with its misspelt words replaced, when that finds something. */
  suggestion: string | null;
}

/** Why a query cannot be answered (a 400 with this message). */
export class SearchRefusal extends Error {}

// Answers are kept a moment, in this process, by their words and page (not in the page cache,
// which keeps whole pages and would then hold one per query): a popular query (an appeal on
// television) costs one search a minute. Forgotten when anything indexed changes (here, or in
// another instance: the data version), when a scheduled article's time comes, and after a minute.
const ANSWERS_MAX = 500;
const ANSWER_MS = 60_000;

interface KeptAnswer {
  results: Omit<SearchResults, "query">;
  dataVersion: number;
  generation: number;
  expiresAt: number;
}

const answers = new Map<string, KeptAnswer>();
let generation = 0;

/** Called once a change to the index commits (and by tests that change it behind the services' back). */
export function forgetAnswers(): void {
  generation++;
  answers.clear();
}

/** How long an answer found now may be kept: a minute, or until the next scheduled article or page goes public. */
async function keepUntil(db: DB, at: number): Promise<number> {
  const after = new Date(at - 10_000).toISOString();
  const times = [await nextPublishAfter(db, after), await nextPagePublishAfter(db, after)];
  return Math.min(at + ANSWER_MS, ...times.map((next) => (next ? Date.parse(next) : Infinity)));
}

export async function searchSite(query: string, page: number): Promise<SearchResults> {
  if (!Number.isSafeInteger(page) || page < 1 || page > SEARCH_PAGES_MAX) {
    throw new SearchRefusal(`Choose a page of results from 1 to ${SEARCH_PAGES_MAX}.`);
  }
  const db = getDb();
  await ensureSearchIndex(db);
  const terms = searchTerms(query);
  const moment = { now: nowIsoString(), today: londonToday() };
  const key = `${moment.today}|${page}|${terms.join(" ")}`;
  const dataVersion = await dataVersionNow(db);
  const kept = answers.get(key);
  if (kept && kept.dataVersion === dataVersion && kept.generation === generation && now() < kept.expiresAt) {
    return { ...kept.results, query };
  }
  await refreshScheduledPages(db);
  const before = generation;
  const results = await findAnswer(db, terms, page, moment);
  if (before === generation) {
    answers.delete(key);
    answers.set(key, { results, dataVersion, generation, expiresAt: await keepUntil(db, now()) });
    if (answers.size > ANSWERS_MAX) answers.delete(answers.keys().next().value!);
  }
  return { ...results, query };
}

async function findAnswer(
  db: DB,
  terms: string[],
  page: number,
  moment: { now: string; today: string },
): Promise<Omit<SearchResults, "query">> {
  const { total, hits } = await searchDocuments(db, terms, {
    ...moment,
    limit: SEARCH_PAGE_SIZE,
    offset: (page - 1) * SEARCH_PAGE_SIZE,
  });
  const pageCount = Math.min(SEARCH_PAGES_MAX, Math.ceil(total / SEARCH_PAGE_SIZE));
  let suggestion: string | null = null;
  if (total === 0 && terms.length > 0) {
    const words = await closestIndexWords(db, terms);
    // Offered only when it finds something now (a scheduled article's words are not given away).
    if (words && (await searchDocuments(db, words, { ...moment, limit: 1, offset: 0 })).total > 0) {
      suggestion = words.join(" ");
    }
  }
  return { terms, page, pageCount, total, hits, suggestion };
}
