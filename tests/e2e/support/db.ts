// Direct access to the e2e server's database (playwright.config.ts chose the file and put its
// path in E2E_DATABASE_PATH, which every worker inherits). Tests create their own articles with
// unique titles and remove them afterwards, because parallel tests share this database.
//
// Writes here come from another process: the server's page cache notices them through
// SQLite's data_version, so pages show them at once (tests/e2e/page-cache.spec.ts proves it).
import { randomUUID } from "node:crypto";
import { createNews, deleteNews, type NewsArticle, type NewsInput } from "~/models/news.server";
import { createPledge as createPledgeRow, getPledge, type Pledge, type PledgeInput } from "~/models/pledge.server";
import { openDatabase, type DB } from "~/infra/db.server";

let db: DB | undefined;

/** The e2e database, opened once per worker. */
export function e2eDb(): DB {
  const file = process.env.E2E_DATABASE_PATH;
  if (!file) throw new Error("E2E_DATABASE_PATH is unset: run these tests through `npx playwright test`.");
  db ??= openDatabase(file);
  return db;
}

/** A title no other test will use, so assertions can find exactly this article. */
export function uniqueTitle(prefix: string): string {
  return `${prefix} ${randomUUID().slice(0, 8)}`;
}

/**
 * Inserts an article; `created_at` (ISO) pins its date, otherwise it is "now". The model does
 * not validate (forms and the API do), so this also stores hostile data exactly as given.
 */
export async function createArticle(input: NewsInput & { created_at?: string }): Promise<NewsArticle> {
  const article = await createNews(e2eDb(), input);
  if (!input.created_at) return article;
  return e2eDb()
    .updateTable("news")
    .set({ created_at: input.created_at, updated_at: input.created_at })
    .where("id", "=", article.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteArticle(id: number): Promise<void> {
  await deleteNews(e2eDb(), id);
}

/**
 * A pledge as the donate form would record it (fresh random reference), for the staff
 * Donations tests. Give it a unique surname (uniqueTitle) to find it in the shared list.
 */
export async function createPledge(input: Partial<PledgeInput> & { lastName: string }): Promise<Pledge> {
  return createPledgeRow(e2eDb(), {
    type: "one-time",
    amountPence: 2500,
    firstName: "E2e",
    email: `${input.lastName.replace(/\W+/g, "-").toLowerCase()}@example.org`,
    inHonour: false,
    ...input,
  });
}

export async function pledgeStatus(id: number): Promise<string | undefined> {
  return (await getPledge(e2eDb(), id))?.status;
}
