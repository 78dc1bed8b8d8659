// Staff sign-in for end-to-end tests. The `login` fixture skips the form: it creates a web
// session row directly in the e2e server's database (E2E_DATABASE_PATH) and gives the browser
// the cookie the app would have set, signed with the server's secret (E2E_SESSION_SECRET).
// Tests of the sign-in form itself use the form; everything else starts signed in this way.
import { randomUUID } from "node:crypto";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { createNews, deleteNews, type NewsArticle, type NewsInput } from "~/models/news.server";
import { createSession } from "~/models/session.server";
import { createUser, getUserByUsername, type User } from "~/models/user.server";
import { openDatabase, type DB } from "~/infra/db.server";
import { createSessionCookie, SESSION_COOKIE_NAME } from "~/services/session.server";

export const ADMIN_USERNAME = process.env.E2E_ADMIN_USERNAME ?? "admin";
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "";

let db: DB | undefined;

/** The e2e server's database, opened once per worker (WAL: safe beside the server). */
export function adminTestDb(): DB {
  const file = process.env.E2E_DATABASE_PATH;
  if (!file) throw new Error("E2E_DATABASE_PATH is unset: run these tests through `npx playwright test`.");
  db ??= openDatabase(file);
  return db;
}

/** A title no parallel test will use. */
export const uniqueTitle = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

/** A throw-away staff user, so failed sign-ins never lock out the shared admin account. */
export async function createThrowawayUser(password: string): Promise<User> {
  return createUser(adminTestDb(), `e2e-${randomUUID().slice(0, 12)}`, password);
}

/** Signs the browser context in as `username` (the e2e admin by default). */
export async function signIn(
  context: BrowserContext,
  baseURL: string,
  username: string = ADMIN_USERNAME,
): Promise<string> {
  const secret = process.env.E2E_SESSION_SECRET;
  if (!secret) throw new Error("E2E_SESSION_SECRET is unset: run these tests through `npx playwright test`.");
  const user = await getUserByUsername(adminTestDb(), username);
  if (!user) throw new Error(`No user "${username}" in the e2e database.`);
  const { token, expiresAt } = await createSession(adminTestDb(), user.id, "web");
  const header = await createSessionCookie([secret], { secure: false }).serialize(token);
  const value = header.slice(`${SESSION_COOKIE_NAME}=`.length).split(";")[0];
  await context.addCookies([
    {
      name: SESSION_COOKIE_NAME,
      value,
      url: baseURL,
      httpOnly: true,
      sameSite: "Lax",
      expires: Math.floor(expiresAt.getTime() / 1000),
    },
  ]);
  return token;
}

/** Inserts an article straight into the database (no validation: hostile data stays as given). */
export async function insertArticle(input: NewsInput): Promise<NewsArticle> {
  return createNews(adminTestDb(), input);
}

export async function removeArticle(id: number): Promise<void> {
  await deleteNews(adminTestDb(), id);
}

/** The list item of the article with this exact title on the dashboard. */
export function articleItem(page: Page, title: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

/**
 * Resolves once React has hydrated the page. Remix hydrates the whole document and React tags
 * each hydrated element, <html> last, just before committing. Clicking earlier would submit
 * the plain HTML form, which is the no-JavaScript path these tests do not mean to take.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.documentElement).some((key) => key.startsWith("__reactFiber")));
}

export const test = base.extend<{ login: () => Promise<string> }>({
  login: async ({ context, baseURL }, use) => {
    await use(() => signIn(context, baseURL!));
  },
});

export { expect };
