import { sql, type Kysely } from "kysely";
import { isPostgres } from "./portable";

// Site search (issue 53, docs/search.md): one row per findable thing in search_documents, and the
// engine's own full-text index beside it. Written here in each engine's words, and read and written
// only by app/infra/search-index.server.ts (so these tables are not in db/schema.ts).
// - SQLite: FTS5 `search_fts` (Porter stemming) over search_documents' title and body, kept in step
//   by triggers; `search_words` (no stemming, contentless) and its fts5vocab `search_vocab` give the
//   words the index holds, for "Did you mean…".
// - PostgreSQL: a stored tsvector (english, title weighted A over body B) with a GIN index, and an
//   unstemmed one ('simple') whose words pg_trgm compares for "Did you mean…", when the extension
//   can be installed.
// The rows are filled here from the news and appeals tables as they are; the app re-indexes
// everything (text without Markdown, the site's own pages, projects and publications) the first
// time it starts on this database (ensureSearchIndex), and `npm run search:rebuild` does it on demand.

const CONTROL = "[\\u0000-\\u0008\\u000b-\\u001f]";

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable("search_documents")
    .addColumn("id", "integer", (col) => col.primaryKey().autoIncrement())
    // news | page | project | publication | appeal
    .addColumn("kind", "text", (col) => col.notNull())
    // The thing's own key within its kind (an article's id, a project's slug).
    .addColumn("ref", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("url", "text", (col) => col.notNull())
    // The date a result shows (ISO date or instant), and the order of equally relevant results.
    .addColumn("shown_at", "text")
    // Found only from this instant (ISO-8601 UTC): a scheduled article.
    .addColumn("visible_from", "text")
    // Found only on these UK days (YYYY-MM-DD, inclusive): an appeal's dates.
    .addColumn("open_from", "text")
    .addColumn("open_until", "text")
    .addUniqueConstraint("search_documents_kind_ref", ["kind", "ref"])
    .execute();

  if (postgres) {
    await sql`alter table search_documents
      add column document tsvector generated always as
        (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')) stored,
      add column words tsvector generated always as (to_tsvector('simple', title || ' ' || body)) stored`.execute(db);
    await sql`create index search_documents_document on search_documents using gin (document)`.execute(db);
    // "Did you mean…" compares words with pg_trgm's similarity(). A trusted extension since
    // PostgreSQL 13; where it cannot be installed, search works without suggestions. A savepoint
    // keeps a refusal from aborting the migration's transaction.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_available_extensions
      where name = 'pg_trgm'`.execute(db);
    if (rows[0]?.n) {
      await sql`savepoint search_trgm`.execute(db);
      try {
        await sql`create extension if not exists pg_trgm`.execute(db);
        await sql`release savepoint search_trgm`.execute(db);
      } catch {
        await sql`rollback to savepoint search_trgm`.execute(db);
      }
    }
  } else {
    await sql`create virtual table search_fts using fts5(title, body, content='search_documents',
      content_rowid='id', tokenize='porter unicode61')`.execute(db);
    await sql`create virtual table search_words using fts5(title, body, content='', contentless_delete=1,
      tokenize='unicode61')`.execute(db);
    await sql`create virtual table search_vocab using fts5vocab(search_words, 'row')`.execute(db);
    await sql`create trigger search_documents_inserted after insert on search_documents begin
      insert into search_fts (rowid, title, body) values (new.id, new.title, new.body);
      insert into search_words (rowid, title, body) values (new.id, new.title, new.body);
    end`.execute(db);
    await sql`create trigger search_documents_deleted after delete on search_documents begin
      insert into search_fts (search_fts, rowid, title, body) values ('delete', old.id, old.title, old.body);
      delete from search_words where rowid = old.id;
    end`.execute(db);
    await sql`create trigger search_documents_updated after update on search_documents begin
      insert into search_fts (search_fts, rowid, title, body) values ('delete', old.id, old.title, old.body);
      insert into search_fts (rowid, title, body) values (new.id, new.title, new.body);
      delete from search_words where rowid = old.id;
      insert into search_words (rowid, title, body) values (new.id, new.title, new.body);
    end`.execute(db);
  }

  // What the site holds now: published articles (found from their publish time) and open appeals.
  // Their text still has its Markdown here; the app's first re-index replaces it.
  const news = await db
    .selectFrom("news")
    .select(["id", "title", "content", "publish_at"])
    .where("status", "=", "published")
    .execute();
  const appeals = await db
    .selectFrom("appeals")
    .select(["id", "slug", "title", "story", "starts_on", "ends_on"])
    .where("is_open", "=", 1)
    .execute();
  const clean = (text: string) => text.replace(new RegExp(CONTROL, "g"), " ");
  const rows = [
    ...news.map((row) => ({
      kind: "news",
      ref: String(row.id),
      title: clean(row.title),
      body: clean(row.content),
      url: `/news/${row.id}`,
      shown_at: row.publish_at,
      visible_from: row.publish_at,
      open_from: null,
      open_until: null,
    })),
    ...appeals.map((row) => ({
      kind: "appeal",
      ref: String(row.id),
      title: clean(row.title),
      body: clean(row.story),
      url: `/appeals/${row.slug}`,
      shown_at: row.starts_on,
      visible_from: null,
      open_from: row.starts_on,
      open_until: row.ends_on,
    })),
  ];
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto("search_documents")
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    for (const name of ["search_vocab", "search_words", "search_fts"]) {
      await sql`drop table if exists ${sql.table(name)}`.execute(db);
    }
  }
  await db.schema.dropTable("search_documents").execute();
}
