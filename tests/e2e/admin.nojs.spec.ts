// Without JavaScript, Delete cannot call confirm(): the server asks on a confirmation page.
import { articleItem, expect, test } from "./support/auth";
import { articleExists, createArticle, deleteArticle, uniqueTitle } from "./support/db";

const ids: number[] = [];
test.afterAll(async () => {
  for (const id of ids.splice(0)) await deleteArticle(id);
});

test("Delete leads to a confirmation page; Cancel keeps the article, Delete removes it", async ({ page, login }) => {
  await login();
  const title = uniqueTitle("No-JS delete");
  const row = await createArticle({ title, content: "Confirm first" });
  ids.push(row.id);

  await page.goto("/admin/dashboard/news");
  await articleItem(page, title)
    .getByRole("button", { name: /^Delete/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/dashboard/news/${row.id}/delete$`));
  const dialog = page.getByRole("alertdialog", { name: "Delete News Article" });
  await expect(dialog).toContainText("Are you sure you want to delete this news article?");
  await expect(dialog).toContainText(title);
  expect(await articleExists(row.id)).toBe(true);

  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/news$/);
  await expect(articleItem(page, title)).toBeVisible();
  expect(await articleExists(row.id)).toBe(true);

  await articleItem(page, title)
    .getByRole("button", { name: /^Delete/ })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/news$/);
  await expect(articleItem(page, title)).toHaveCount(0);
  expect(await articleExists(row.id)).toBe(false);
});

test("confirming the deletion of an article that is already gone shows 'Error deleting news article'", async ({
  page,
  login,
}) => {
  await login();
  const title = uniqueTitle("Deleted meanwhile");
  const row = await createArticle({ title, content: "x" });
  await page.goto(`/admin/dashboard/news/${row.id}/delete`);
  await deleteArticle(row.id);
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alert")).toContainText("Error deleting news article");
  await page.getByRole("link", { name: "Back to News Management" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/news$/);
});

test("saving an article that was deleted meanwhile shows 'Error saving news article' and keeps the input", async ({
  page,
  login,
}) => {
  await login();
  const title = uniqueTitle("Edited meanwhile");
  const row = await createArticle({ title, content: "x" });
  await page.goto(`/admin/dashboard/news/${row.id}/edit`);
  await deleteArticle(row.id);
  const dialog = page.getByRole("dialog", { name: "Edit News Article" });
  await dialog.getByLabel("Content").fill("My careful edit");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("dialog").getByRole("alert")).toContainText("Error saving news article");
  await expect(page.getByRole("dialog").getByLabel("Content")).toHaveValue("My careful edit");
});

test("an empty login form is answered by the server with both field errors", async ({ page }) => {
  await page.goto("/admin/login");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/admin/login"),
    page.getByRole("button", { name: "Sign In" }).click(),
  ]);
  expect(response.status()).toBe(400);
  await expect(page.locator(".field-error").getByText("Username is required")).toBeVisible();
  await expect(page.locator(".field-error").getByText("Password is required")).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
});

test("a refused staff form starts with a summary whose links lead to the fields", async ({ page, login }) => {
  await login();
  await page.goto("/admin/dashboard/team/invite");
  await page.getByLabel("Name").fill("Summary Person");
  await page.getByLabel("Email address").fill("not-an-address");
  await page.getByRole("button", { name: "Send the invitation" }).click();

  const summary = page.getByRole("alert");
  await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
  const email = summary.getByRole("link", { name: /e-?mail/i });
  await expect(summary.getByRole("link", { name: /role/i })).toBeVisible();
  await email.click();
  await expect(page.getByLabel("Email address")).toBeInViewport();
  expect(new URL(page.url()).hash).toBe(`#${await page.getByLabel("Email address").getAttribute("id")}`);
});
