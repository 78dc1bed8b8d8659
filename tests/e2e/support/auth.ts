// Staff sign-in for end-to-end tests. The `login` fixture skips the form: it creates a web
// session row directly in the e2e server's database (E2E_DATABASE_URL) and gives the browser
// the cookie the app would have set, signed with the server's secret (E2E_SESSION_SECRET).
// Tests of the sign-in form itself use the form; everything else starts signed in this way.
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { createSession } from "~/staff/models/session.server";
import { getUserByUsername } from "~/staff/models/user.server";
import { createSessionCookie, SESSION_COOKIE_NAME } from "~/staff/services/session.server";
import { e2eDb } from "./db";

export const ADMIN_USERNAME = process.env.E2E_ADMIN_USERNAME ?? "admin";
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "";

/** Signs the browser context in as `username` (the e2e admin by default). */
export async function signIn(
  context: BrowserContext,
  baseURL: string,
  username: string = ADMIN_USERNAME,
): Promise<string> {
  const secret = process.env.E2E_SESSION_SECRET;
  if (!secret) throw new Error("E2E_SESSION_SECRET is unset: run these tests through `npx playwright test`.");
  const user = await getUserByUsername(e2eDb(), username);
  if (!user) throw new Error(`No user "${username}" in the e2e database.`);
  const { token, expiresAt } = await createSession(e2eDb(), user.id, "web");
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

/** The list item of the article with this exact title on the dashboard. */
export function articleItem(page: Page, title: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

export const test = base.extend<{ login: () => Promise<string> }>({
  login: async ({ context, baseURL }, use) => {
    await use(() => signIn(context, baseURL!));
  },
});

export { expect };
