// The site search index (docs/search.md): the one module that reads and writes the tables of
// migration 0042, in each engine's own full-text words. SQLite: FTS5 with Porter stemming, bm25
// ranking (title weighted 10 to the body's 1), snippet(); PostgreSQL: a stored tsvector
// (english; title A, body B) with a GIN index, ts_rank and ts_headline. Documents are written in
// the caller's transaction, so the index changes with the content it mirrors.
import { nowIsoString } from "./clock.server";
import { sql } from "kysely";
import { databaseEngine, type DB } from "./db.server";
import { MARK_END, MARK_START, editDistance, fts5Match, indexableText, typoAllowance } from "~/utils/search-text";

export type SearchKind = "news" | "page" | "project" | "publication" | "appeal";

export interface SearchDocument {
  kind: SearchKind;
  ref: string;
  title: string;
  body: string;
  url: string;
  /** The date shown (ISO date or instant), and the order of equally relevant results (newest first). */
  shownAt: string | null;
  /** Found only from this instant (ISO-8601 UTC). */
  visibleFrom?: string | null;
  /** Found only on these UK days (YYYY-MM-DD, inclusive). */
  openFrom?: string | null;
  openUntil?: string | null;
}

export interface SearchHit {
  kind: SearchKind;
  ref: string;
  url: string;
  shownAt: string | null;
  /** Title and snippet with matching words between MARK_START and MARK_END. */
  title: string;
  snippet: string;
}

/** Where and when a search looks: now (ISO instant) and today (UK day). */
export interface SearchMoment {
  now: string;
  today: string;
}

const SNIPPET_WORDS = 24;
/**
 * The longest body indexed, in characters: far beyond any article, and within what PostgreSQL's
 * tsvector holds (1 MB) even for text of all different words.
 */
const BODY_MAX = 200_000;

function row(doc: SearchDocument) {
  return {
    kind: doc.kind,
    ref: doc.ref,
    title: indexableText(doc.title),
    body: indexableText(doc.body.slice(0, BODY_MAX)),
    url: doc.url,
    shown_at: doc.shownAt,
    visible_from: doc.visibleFrom ?? null,
    open_from: doc.openFrom ?? null,
    open_until: doc.openUntil ?? null,
  };
}

/**
 * Adds or replaces documents (by kind and ref). On SQLite the triggers of 0042 keep the FTS5
 * tables in step; on PostgreSQL the tsvector columns are generated.
 */
export async function putSearchDocuments(db: DB, docs: readonly SearchDocument[]): Promise<void> {
  for (let i = 0; i < docs.length; i += 500) {
    const values = docs.slice(i, i + 500).map(row);
    await sql`insert into search_documents (kind, ref, title, body, url, shown_at, visible_from, open_from, open_until)
      values ${sql.join(
        values.map(
          (v) =>
            sql`(${v.kind}, ${v.ref}, ${v.title}, ${v.body}, ${v.url}, ${v.shown_at}, ${v.visible_from}, ${v.open_from}, ${v.open_until})`,
        ),
      )}
      on conflict (kind, ref) do update set title = excluded.title, body = excluded.body, url = excluded.url,
        shown_at = excluded.shown_at, visible_from = excluded.visible_from, open_from = excluded.open_from,
        open_until = excluded.open_until`.execute(db);
  }
}

/** Removes one document; nothing happens when it is not indexed. */
export async function removeSearchDocument(db: DB, kind: SearchKind, ref: string): Promise<void> {
  await sql`delete from search_documents where kind = ${kind} and ref = ${ref}`.execute(db);
}

/** Removes every document of `kind` (a rebuild writes them again in the same transaction). */
export async function removeSearchDocumentsOfKind(db: DB, kind: SearchKind): Promise<void> {
  await sql`delete from search_documents where kind = ${kind}`.execute(db);
}

/** The filter every search applies: scheduled articles before their time and appeals outside their days are not found. */
function visibleNow(moment: SearchMoment) {
  return sql`(d.visible_from is null or d.visible_from <= ${moment.now})
    and (d.open_from is null or d.open_from <= ${moment.today})
    and (d.open_until is null or d.open_until >= ${moment.today})`;
}

/**
 * One page of documents matching every term (stemmed), best first: by relevance, then newest.
 * `terms` are the query's words (searchTerms); an empty list finds nothing.
 */
export async function searchDocuments(
  db: DB,
  terms: readonly string[],
  options: SearchMoment & { limit: number; offset: number },
): Promise<{ total: number; hits: SearchHit[] }> {
  if (terms.length === 0) return { total: 0, hits: [] };
  return databaseEngine(db) === "postgres" ? searchPostgres(db, terms, options) : searchSqlite(db, terms, options);
}

interface HitRow {
  kind: SearchKind;
  ref: string;
  url: string;
  shown_at: string | null;
  title: string;
  snippet: string;
}

const toHit = (r: HitRow): SearchHit => ({
  kind: r.kind,
  ref: r.ref,
  url: r.url,
  shownAt: r.shown_at,
  title: r.title,
  snippet: r.snippet,
});

async function searchSqlite(
  db: DB,
  terms: readonly string[],
  options: SearchMoment & { limit: number; offset: number },
): Promise<{ total: number; hits: SearchHit[] }> {
  const match = fts5Match(terms);
  const count = await sql<{ n: number }>`select count(*) as n from search_fts
    join search_documents d on d.id = search_fts.rowid
    where search_fts match ${match} and ${visibleNow(options)}`.execute(db);
  const total = Number(count.rows[0]?.n ?? 0);
  if (total === 0 || options.offset >= total) return { total, hits: [] };
  // The page is chosen first; the snippets are made for its rows only.
  const { rows } = await sql<HitRow>`with page as (
      select d.id, bm25(search_fts, 10.0, 1.0) as score, d.shown_at from search_fts
      join search_documents d on d.id = search_fts.rowid
      where search_fts match ${match} and ${visibleNow(options)}
      order by score, d.shown_at desc nulls last, d.id desc
      limit ${options.limit} offset ${options.offset}
    )
    select d.kind, d.ref, d.url, d.shown_at,
      highlight(search_fts, 0, ${MARK_START}, ${MARK_END}) as title,
      snippet(search_fts, 1, ${MARK_START}, ${MARK_END}, '…', ${SNIPPET_WORDS}) as snippet
    from page
    join search_fts on search_fts.rowid = page.id
    join search_documents d on d.id = page.id
    where search_fts match ${match}
    order by page.score, page.shown_at desc nulls last, page.id desc`.execute(db);
  return { total, hits: rows.map(toHit) };
}

async function searchPostgres(
  db: DB,
  terms: readonly string[],
  options: SearchMoment & { limit: number; offset: number },
): Promise<{ total: number; hits: SearchHit[] }> {
  // plainto_tsquery takes the words as text, never as query syntax; all of them are required.
  const text = terms.join(" ");
  const query = sql`plainto_tsquery('english', ${text})`;
  const count = await sql<{ n: number }>`select count(*) as n from search_documents d
    where d.document @@ ${query} and ${visibleNow(options)}`.execute(db);
  const total = Number(count.rows[0]?.n ?? 0);
  if (total === 0 || options.offset >= total) return { total, hits: [] };
  const headline = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=${SNIPPET_WORDS}, MinWords=12, ShortWord=2, HighlightAll=false, MaxFragments=1, FragmentDelimiter=" … "`;
  const { rows } = await sql<HitRow>`with q as (select ${query} as query),
    page as (
      select d.id, ts_rank('{0.1, 0.1, 0.1, 1.0}', d.document, q.query) as score, d.shown_at
      from search_documents d, q
      where d.document @@ q.query and ${visibleNow(options)}
      order by score desc, d.shown_at desc nulls last, d.id desc
      limit ${options.limit} offset ${options.offset}
    )
    select d.kind, d.ref, d.url, d.shown_at,
      ts_headline('english', d.title, q.query, ${`${headline}, HighlightAll=true`}) as title,
      ts_headline('english', d.body, q.query, ${headline}) as snippet
    from page join search_documents d on d.id = page.id, q
    order by page.score desc, page.shown_at desc nulls last, page.id desc`.execute(db);
  return { total, hits: rows.map(toHit) };
}

/**
 * For each of `terms`, a word of the index close to it (edit distance, or pg_trgm's similarity on
 * PostgreSQL when that extension is installed), or the term itself when the index holds it or
 * nothing is close. Null when there is nothing to suggest.
 */
export async function closestIndexWords(db: DB, terms: readonly string[]): Promise<string[] | null> {
  const engine = databaseEngine(db);
  if (engine === "postgres" && !(await hasTrigrams(db))) return null;
  const words: string[] = [];
  for (const term of terms) {
    words.push((engine === "postgres" ? await closestPostgres(db, term) : await closestSqlite(db, term)) ?? term);
  }
  return words.some((word, i) => word !== terms[i]) ? words : null;
}

async function closestSqlite(db: DB, term: string): Promise<string | null> {
  const exact = await sql<{ n: number }>`select count(*) as n from search_vocab where term = ${term}`.execute(db);
  if (Number(exact.rows[0]?.n) > 0) return null;
  const max = typoAllowance(term);
  // Words that begin with the same letter (a misspelling rarely starts wrong), of a near length.
  const first = String.fromCodePoint(term.codePointAt(0)!);
  const after = String.fromCodePoint(first.codePointAt(0)! + 1);
  const { rows } = await sql<{ term: string; doc: number }>`select term, doc from search_vocab
    where term >= ${first} and term < ${after}
      and length(term) between ${term.length - max} and ${term.length + max}`.execute(db);
  let best: { word: string; distance: number; docs: number } | null = null;
  for (const candidate of rows) {
    const distance = editDistance(term, candidate.term, max);
    if (distance > max) continue;
    if (!best || distance < best.distance || (distance === best.distance && candidate.doc > best.docs)) {
      best = { word: candidate.term, distance, docs: candidate.doc };
    }
  }
  return best?.word ?? null;
}

async function closestPostgres(db: DB, term: string): Promise<string | null> {
  const { rows } = await sql<{ word: string; exact: boolean }>`select word, word = ${term} as exact
    from ts_stat('select words from search_documents')
    where word = ${term} or similarity(word, ${term}) > 0.3
    order by word = ${term} desc, similarity(word, ${term}) desc, ndoc desc limit 1`.execute(db);
  const found = rows[0];
  if (!found || found.exact) return null;
  return editDistance(term, found.word, typoAllowance(term)) <= typoAllowance(term) ? found.word : null;
}

const trigrams = new WeakMap<DB, boolean>();

/** Whether pg_trgm is installed in this PostgreSQL database (asked once a process). */
async function hasTrigrams(db: DB): Promise<boolean> {
  const known = trigrams.get(db);
  if (known !== undefined) return known;
  const { rows } = await sql<{ n: number }>`select count(*) as n from pg_extension where extname = 'pg_trgm'`.execute(
    db,
  );
  const installed = Number(rows[0]?.n) > 0;
  trigrams.set(db, installed);
  return installed;
}

/**
 * The index's own bookkeeping, kept in the one settings store (`charity_settings`, under its own
 * key, which no Settings form shows): which version of the site's content it holds, and (under
 * `key`, e.g. the site pages' live mark) what else it reflects.
 */
const VERSION_KEY = "search_index_version";

export async function readSearchIndexVersion(db: DB, key: string = VERSION_KEY): Promise<string | null> {
  const row = await db.selectFrom("charity_settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value ?? null;
}

export async function writeSearchIndexVersion(db: DB, version: string, key: string = VERSION_KEY): Promise<void> {
  const now = nowIsoString();
  await db
    .insertInto("charity_settings")
    .values({ key, value: version, updated_at: now, updated_by: "search index" })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: version, updated_at: now }))
    .execute();
}
