// Staff sign-in, sign-out and the guard on the dashboard, with JavaScript on and off.
import { getSessionUser } from "~/staff/models/session.server";
import { ADMIN_PASSWORD, ADMIN_USERNAME, expect, test } from "./support/auth";
import { createThrowawayUser, e2eDb, forgetFailedSignIns } from "./support/db";
import { waitForHydrationIfScripted } from "./support/hydration";

/** The login page, ready: with JavaScript, hydrated (a click before that is a plain form post). */
async function openLogin(page: import("@playwright/test").Page) {
  await page.goto("/admin/login");
  await waitForHydrationIfScripted(page);
}

// The usernames this file's tests fail to sign in as, on purpose; forgotten after each test.
const failedAs: string[] = [];
test.afterEach(async () => {
  await forgetFailedSignIns(...failedAs.splice(0));
});

async function submitLogin(page: import("@playwright/test").Page, username: string, password: string) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("the login page has the fields, the button and a support link", async ({ page }) => {
  const response = await page.goto("/admin/login");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveAttribute("required", "");
  await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  await expect(page.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", /^mailto:.+@/);
});

test("signing in with the right password opens the dashboard", async ({ page }) => {
  await page.goto("/admin/login");
  await submitLogin(page, ADMIN_USERNAME, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The staff area's own frame: who is signed in and Sign out at the top, no public navigation.
  await expect(page.getByRole("heading", { level: 1, name: "Staff area" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(`Signed in as ${ADMIN_USERNAME}`);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Donate Now" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === "__session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
});

test("a wrong password and an unknown user get the same message and no session", async ({ page }) => {
  const user = await createThrowawayUser("the-right-password");
  failedAs.push(user.username, `${user.username}-nobody`);
  await openLogin(page);
  await submitLogin(page, user.username, "the-wrong-password");
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expect(page.getByRole("alert")).toContainText("Invalid username or password");
  await expect(page).toHaveURL(/\/admin\/login/);
  // The username is kept; the password is not sent back.
  await expect(page.getByLabel("Username")).toHaveValue(user.username);
  await expect(page.getByLabel("Password")).toHaveValue("");

  await submitLogin(page, `${user.username}-nobody`, "the-right-password");
  // The alert already says this: wait for what only this answer does, the password emptied.
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expect(page.getByRole("alert")).toContainText("Invalid username or password");
  expect((await page.context().cookies()).some((c) => c.name === "__session")).toBe(false);
});

test("after five failures even the right password is refused for a while", async ({ page }) => {
  const user = await createThrowawayUser("the-right-password");
  failedAs.push(user.username);
  await openLogin(page);
  for (let i = 0; i < 5; i++) {
    await submitLogin(page, user.username, `wrong-${i}`);
    // From the second try on the alert already says this, so wait for what only the answer to
    // this try does: the password field emptied. Typing before it arrives would be wiped.
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expect(page.getByRole("alert")).toContainText("Invalid username or password");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  }
  await submitLogin(page, user.username, "the-right-password");
  await expect(page.getByRole("alert")).toContainText(
    /Too many failed sign-in attempts\. Please try again in \d+ minutes?\./,
  );
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("a signed-out visit to the dashboard goes to the login page and back after signing in", async ({ page }) => {
  await page.goto("/admin/dashboard/stats");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard%2Fstats$/);
  await submitLogin(page, ADMIN_USERNAME, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/dashboard\/stats$/);
  await expect(page.getByRole("heading", { name: "Statistics" })).toBeVisible();
});

test("/admin goes to the dashboard, which asks a signed-out visitor to sign in", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("a signed-in visitor who opens the login page goes to the dashboard", async ({ page, login }) => {
  await login();
  await page.goto("/admin/login");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText(`Signed in as ${ADMIN_USERNAME}`)).toBeVisible();
});

test("logout ends the session on the server and returns to the login page", async ({ page, login }) => {
  const token = await login();
  await page.goto("/admin/dashboard/news");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  expect(await getSessionUser(e2eDb(), token, "web")).toBeNull();
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("visiting /admin/logout does not log out", async ({ page, login }) => {
  const token = await login();
  await page.goto("/admin/logout");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(await getSessionUser(e2eDb(), token, "web")).not.toBeNull();
});

test("the public sign-in page may be indexed, while the staff area may not", async ({ request }) => {
  const login = await request.get("/admin/login");
  expect(login.headers()["x-robots-tag"]).toBeUndefined();
  expect(await login.text()).not.toContain('name="robots"');
  expect(login.headers()["cache-control"]).toBe("private, no-store");
  const dashboard = await request.get("/admin/dashboard", { maxRedirects: 0 });
  expect(dashboard.status()).toBe(302);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Allow: /admin/login");
  expect(robots).toContain("Disallow: /admin");
});
