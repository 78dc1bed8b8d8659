// Direct access to the e2e server's database (playwright.config.ts chose it and put its URL in
// E2E_DATABASE_URL, which every worker inherits: a SQLite file, or PostgreSQL). Tests create their own data with
// unique names and remove it afterwards, because parallel tests share this database.
//
// Writes here come from another process: the server's page cache notices them through
// SQLite's data_version, or on PostgreSQL through the change counter these helpers move as the
// app's services do (notePublicChange), so pages show them at once (tests/e2e/page-cache.spec.ts).
import { randomUUID } from "node:crypto";
import { createNews, deleteNews, type NewsArticle, type NewsInput } from "~/publishing/models/news.server";
import { clearLoginFailures } from "~/staff/models/login-throttle.server";
import { createUser, type User } from "~/staff/models/user.server";
import { insertPayment, type Payment } from "~/giving/models/payment.server";
import {
  createPledge as createPledgeRow,
  getPledge,
  refreshPledgeTotals,
  type Pledge,
  type PledgeInput,
} from "~/giving/models/pledge.server";
import { notePublicChange, openDatabase, type DB } from "~/infra/db.server";

let db: DB | undefined;

/** The e2e database, opened once per worker (WAL: safe beside the server). */
export function e2eDb(): DB {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error("E2E_DATABASE_URL is unset: run these tests through `npx playwright test`.");
  db ??= openDatabase(url);
  return db;
}

/** Eight random characters: enough that no parallel test picks the same. */
export function uniqueSuffix(): string {
  return randomUUID().slice(0, 8);
}

/** A title (or any name) no other test will use, so assertions can find exactly this one. */
export function uniqueTitle(prefix: string): string {
  return `${prefix} ${uniqueSuffix()}`;
}

/**
 * Eight letters no other test will use: uniqueSuffix with each digit spelt as a letter that hex
 * does not use, so no two differ only in their digits (or have one as the start of the other).
 */
export function uniqueLetters(): string {
  return uniqueSuffix().replace(/[0-9]/g, (digit) => "ghijklmnop"[Number(digit)]);
}

/** Like uniqueTitle, in letters only: a person's name may hold no digits. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${uniqueLetters()}`;
}

/** An e-mail address no other test will use (example.com: never delivered anywhere). */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${uniqueSuffix()}@example.com`;
}

/**
 * Inserts an article; `createdAt` (ISO) pins its date, otherwise it is "now". The model does
 * not validate (forms and the API do), so this also stores hostile data exactly as given.
 */
export async function createArticle(input: NewsInput & { createdAt?: string }): Promise<NewsArticle> {
  const { createdAt, ...fields } = input;
  const article = await createNews(e2eDb(), fields);
  if (createdAt) {
    await e2eDb()
      .updateTable("news")
      .set({ created_at: createdAt, updated_at: createdAt, publish_at: createdAt })
      .where("id", "=", article.id)
      .execute();
  }
  await notePublicChange(e2eDb());
  if (!createdAt) return article;
  return { ...article, createdAt, updatedAt: createdAt, publishAt: createdAt };
}

export async function deleteArticle(id: number): Promise<void> {
  await deleteNews(e2eDb(), id);
  await notePublicChange(e2eDb());
}

/** Whether the article is still in the database. */
export async function articleExists(id: number): Promise<boolean> {
  return Boolean(await e2eDb().selectFrom("news").select("id").where("id", "=", id).executeTakeFirst());
}

/** A throw-away staff user, so failed sign-ins never lock out the shared admin account. */
export async function createThrowawayUser(password: string): Promise<User> {
  return createUser(e2eDb(), `e2e-${randomUUID().slice(0, 12)}`, password);
}

/**
 * Removes the failed sign-ins a test made on purpose. Every browser test comes from the same
 * address, and the server refuses a client after 20 failures in 15 minutes: failures left
 * behind add up over a run (and over a retry) until other tests' sign-ins are refused.
 */
export async function forgetFailedSignIns(...usernames: string[]): Promise<void> {
  for (const username of usernames) await clearLoginFailures(e2eDb(), username);
}

/** Moves an article's publish time (e.g. into the past, to make a scheduled article due now). */
export async function setPublishAt(id: number, publishAt: string): Promise<void> {
  await e2eDb().updateTable("news").set({ publish_at: publishAt }).where("id", "=", id).execute();
  await notePublicChange(e2eDb());
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

/** A payment recorded by hand, with the pledge's total and status brought up to date. */
export async function recordPayment(pledgeId: number, receivedOn: string, amountPence: number): Promise<Payment> {
  const payment = await insertPayment(e2eDb(), {
    pledgeId,
    receivedOn,
    amountPence,
    method: "manual",
    recordedBy: "e2e",
  });
  await refreshPledgeTotals(e2eDb(), pledgeId);
  return payment;
}
