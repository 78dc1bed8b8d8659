// The staff team end to end, with JavaScript on and off: an admin invites an editor, the
// editor accepts by the e-mailed link, turns on two-step sign-in with a code computed from
// the secret shown, signs out and in again with password and code, and is refused Donations.
import { resetThrottleKey } from "~/staff/services/password-reset.server";
import { expect, signIn, test } from "./support/auth";
import { createThrowawayUser, e2eDb, forgetFailedSignIns, uniqueEmail, uniqueName, uniqueSuffix } from "./support/db";
import { linkInOutbox } from "./support/mail";
import { totpCode } from "./support/totp";

test("an admin invites an editor, who joins, turns on two-step sign-in, is refused Donations and writes an article credited to them", async ({
  page,
  login,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  const email = `editor-${suffix}@example.com`;
  const username = `ed-${suffix}`;
  const password = "a quiet river under snow";
  const name = uniqueName("Ella Editor");

  await login();
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Team" })).toBeVisible();
  await page.getByRole("link", { name: "Invite someone" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Role").selectOption("editor");
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByRole("status")).toHaveText(/Invitation sent/);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Editor");

  // The editor, in a browser of their own, opens the link from the e-mail.
  const link = await linkInOutbox(email, "/admin/invitation/");
  const context = await browser.newContext({ baseURL, javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const editor = await context.newPage();
  await editor.goto(link);
  await expect(editor.getByRole("heading", { level: 1, name: "Join the staff area" })).toBeVisible();
  await editor.getByLabel("Username").fill(username);
  await editor.getByLabel("Password").fill(password);
  await editor.getByRole("button", { name: "Create my account" }).click();
  await expect(editor.getByRole("banner")).toContainText(`Signed in as ${username} (Editor)`);
  const sidebar = editor.getByRole("navigation", { name: "Staff sections", exact: true });
  await expect(sidebar.getByRole("link")).toHaveText([
    "Overview",
    "Statistics",
    "News",
    "Site pages",
    "Newsletters",
    "Publications",
    "Appeals",
    "Projects",
    "Redirects",
  ]);

  // Donations answers 403, inside the dashboard.
  const refused = await editor.goto("/admin/dashboard/donations");
  expect(refused?.status()).toBe(403);
  await expect(editor.getByRole("heading", { level: 2, name: "No access" })).toBeVisible();
  await expect(editor.getByText("Your role does not give access to Donations.")).toBeVisible();
  await expect(editor.getByRole("alert").getByRole("link", { name: "Back to Overview" })).toBeVisible();
  expect((await editor.request.get("/admin/dashboard/donations/export.csv")).status()).toBe(403);

  // Two-step sign-in with the secret shown on the page.
  await editor.goto("/admin/dashboard");
  await editor.getByRole("link", { name: "Your account" }).click();
  await editor.getByRole("link", { name: "Turn on two-step sign-in" }).click();
  await expect(editor.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = (await editor.getByTestId("totp-secret").textContent())!.trim();
  await editor.getByLabel("Code from your app").fill(totpCode(secret));
  await editor.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(editor.getByRole("status")).toHaveText("Two-step sign-in is on.");
  await expect(editor.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  const recoveryCode = (await editor
    .getByRole("list", { name: "Recovery codes" })
    .getByRole("listitem")
    .first()
    .textContent())!.trim();

  // Out and in again: password, then a code (the next step's: the current one is spent).
  await editor.getByRole("button", { name: "Sign out" }).click();
  await editor.getByLabel("Username").fill(username.toUpperCase());
  await editor.getByLabel("Password").fill(password);
  await editor.getByRole("button", { name: "Sign In" }).click();
  await expect(editor.getByRole("heading", { level: 1, name: "Two-step sign-in" })).toBeVisible();
  await editor.getByLabel("Code").fill(totpCode(secret, 1));
  await editor.getByRole("button", { name: "Continue" }).click();
  await expect(editor.getByRole("banner")).toContainText(`Signed in as ${username} (Editor)`);

  // The editor writes an article; its history names the editor.
  const title = `By the editor ${suffix}`;
  await editor.goto("/admin/dashboard/news/new");
  const dialog = editor.getByRole("dialog", { name: "Add News Article" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Content").fill("Written by the new editor.");
  await dialog.getByRole("button", { name: "Add Article" }).click();
  await expect(editor.getByText("Article saved.")).toBeVisible();
  const article = await e2eDb().selectFrom("news").select("id").where("title", "=", title).executeTakeFirstOrThrow();
  await editor.goto(`/admin/dashboard/news/${article.id}/edit`);
  const history = editor.getByRole("dialog", { name: "Edit News Article" }).getByRole("region", { name: "History" });
  await expect(history).toContainText(`Article created by ${username}`);

  // A password reset does not skip the second factor: the staff area opens only after a code.
  await editor.goto("/admin/dashboard");
  await editor.getByRole("button", { name: "Sign out" }).click();
  await editor.getByRole("link", { name: "Forgot your password?" }).click();
  await editor.getByLabel("Email address").fill(email);
  await editor.getByRole("button", { name: "Send the link" }).click();
  await expect(editor.getByRole("status")).toHaveText(/If that address belongs to an active staff account/);
  await editor.goto(await linkInOutbox(email, "/admin/reset-password/"));
  await expect(editor.getByText(/you then enter a code from your authenticator app/)).toBeVisible();
  await editor.getByLabel("New password").fill("a new river under the snow");
  await editor.getByRole("button", { name: "Save the password" }).click();
  await expect(editor.getByRole("heading", { level: 1, name: "Two-step sign-in" })).toBeVisible();
  await editor.getByLabel("Code").fill(recoveryCode);
  await editor.getByRole("button", { name: "Continue" }).click();
  await expect(editor.getByRole("banner")).toContainText(`Signed in as ${username} (Editor)`);
  await forgetFailedSignIns(resetThrottleKey(email));
  await context.close();

  // The admin sees the editor in the team, with two-step sign-in on.
  await page.goto("/admin/dashboard/team");
  await expect(page.getByRole("row").filter({ hasText: username })).toContainText("On");
});

test("forgot password answers the same for any address", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  const email = uniqueEmail("nobody");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toHaveText(/If that address belongs to an active staff account/);
  // A reset request counts against the client like a failed sign-in.
  await forgetFailedSignIns(resetThrottleKey(email));
});

test("a person saves their own e-mail address by the link sent to it, and a password reset then reaches it", async ({
  page,
  context,
  baseURL,
}) => {
  const person = await createThrowawayUser("a-long-enough-password");
  await signIn(context, baseURL!, person.username);
  await page.goto("/admin/dashboard");
  // No address yet: every staff page asks for one.
  await page.getByRole("link", { name: "Add your e-mail address" }).click();
  const email = uniqueEmail("own-address");
  await page.getByLabel("New e-mail address").fill(email);
  await page.getByRole("button", { name: "Send a confirmation link" }).click();
  await expect(page.getByText(`We have sent a link to ${email}.`)).toBeVisible();

  await page.goto(await linkInOutbox(email, "/admin/confirm-email/"));
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(page.getByRole("status")).toHaveText(`Your e-mail address is now ${email}.`);
  await page.getByRole("link", { name: "Go to your account" }).click();
  await expect(page.getByRole("link", { name: "Add your e-mail address" })).toHaveCount(0);

  await context.clearCookies();
  await page.goto("/admin/forgot-password");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByRole("status")).toHaveText(/If that address belongs to an active staff account/);
  await page.goto(await linkInOutbox(email, "/admin/reset-password/"));
  await expect(page.getByLabel("New password")).toBeVisible();
  await forgetFailedSignIns(resetThrottleKey(email));
});
