// What JavaScript adds in the admin: confirm() before deleting, Escape and focus handling in
// the article dialog, client-side validation, and the 'Signing in...' state.
import { ADMIN_PASSWORD, ADMIN_USERNAME, articleItem, expect, test } from "./support/auth";
import { articleExists, createArticle, deleteArticle, uniqueTitle } from "./support/db";
import { waitForHydration } from "./support/hydration";

const CONFIRMATION = "Are you sure you want to delete this news article?";
const ids: number[] = [];
test.afterAll(async () => {
  for (const id of ids.splice(0)) await deleteArticle(id);
});

test("Delete asks with confirm(); accepting deletes the article", async ({ page, login }) => {
  await login();
  const title = uniqueTitle("Delete accepted");
  const row = await createArticle({ title, content: "Soon gone" });
  ids.push(row.id);
  await page.goto("/admin/dashboard/news");
  await waitForHydration(page);
  const messages: string[] = [];
  page.on("dialog", async (dialog) => {
    messages.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.accept();
  });
  await articleItem(page, title)
    .getByRole("button", { name: /^Delete/ })
    .click();
  await expect(articleItem(page, title)).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/dashboard\/news$/);
  expect(messages).toEqual([`confirm: ${CONFIRMATION}`]);
  expect(await articleExists(row.id)).toBe(false);
});

test("Delete asks with confirm(); declining keeps the article", async ({ page, login }) => {
  await login();
  const title = uniqueTitle("Delete declined");
  const row = await createArticle({ title, content: "Staying" });
  ids.push(row.id);
  await page.goto("/admin/dashboard/news");
  await waitForHydration(page);
  const messages: string[] = [];
  page.on("dialog", async (dialog) => {
    messages.push(dialog.message());
    await dialog.dismiss();
  });
  await articleItem(page, title)
    .getByRole("button", { name: /^Delete/ })
    .click();
  await expect.poll(() => messages).toEqual([CONFIRMATION]);
  await expect(page).toHaveURL(/\/admin\/dashboard\/news$/);
  await expect(articleItem(page, title)).toBeVisible();
  expect(await articleExists(row.id)).toBe(true);
});

test("the dialog takes focus, keeps Tab inside, and Escape returns to the list with the form cleared", async ({
  page,
  login,
}) => {
  await login();
  await page.goto("/admin/dashboard/news");
  await waitForHydration(page);
  const add = page.getByRole("link", { name: "Add News" });
  await add.click();
  const dialog = page.getByRole("dialog", { name: "Add News Article" });
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await dialog.getByLabel("Title").fill("Typed then abandoned");
  // Close comes first in the dialog; Shift+Tab from it wraps to the last control, Tab back.
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("link", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("button", { name: "Add Article" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("link", { name: "Close" })).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/admin\/dashboard\/news$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(add).toBeFocused();

  await add.click();
  await expect(page.getByRole("dialog", { name: "Add News Article" }).getByLabel("Title")).toHaveValue("");
});

test("Escape also closes the edit dialog without saving", async ({ page, login }) => {
  await login();
  const title = uniqueTitle("Escape edit");
  const row = await createArticle({ title, content: "Unchanged" });
  ids.push(row.id);
  await page.goto(`/admin/dashboard/news/${row.id}/edit`);
  const dialog = page.getByRole("dialog", { name: "Edit News Article" });
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await dialog.getByLabel("Title").fill("Not saved");
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/admin\/dashboard\/news$/);
  await expect(articleItem(page, title)).toBeVisible();
});

test("the form validates in the browser before anything is sent", async ({ page, login }) => {
  await login();
  await page.goto("/admin/dashboard/news/new");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "Add News Article" });
  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST") posted = true;
  });
  // The title is focused as the dialog opens; one click on the button, which leaves the title,
  // checks the whole form (the title's error does not move the button away before the click).
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await dialog.getByRole("button", { name: "Add Article" }).click();
  await expect(dialog.locator(".field-error").getByText("Title is required")).toBeVisible();
  await expect(dialog.locator(".field-error").getByText("Content is required")).toBeVisible();
  // Focus moves to the summary of what is wrong; its first link leads to the title.
  const summary = dialog.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await summary.getByRole("link", { name: "Title is required" }).click();
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await dialog.getByLabel("Title").fill("Now it has a title");
  await expect(dialog.locator(".field-error").getByText("Title is required")).toHaveCount(0);
  expect(posted).toBe(false);
});

test("the button reads 'Signing in...' while signing in", async ({ page }) => {
  await page.goto("/admin/login");
  await waitForHydration(page);
  // Hold the sign-in request until the busy state has been seen, then let it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/admin/login**", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.getByLabel("Username").fill(ADMIN_USERNAME);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText(`Signed in as ${ADMIN_USERNAME}`)).toBeVisible();
});

test("empty fields on the login form are reported in the browser", async ({ page }) => {
  await page.goto("/admin/login");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.locator(".field-error").getByText("Username is required")).toBeVisible();
  await expect(page.locator(".field-error").getByText("Password is required")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
});
