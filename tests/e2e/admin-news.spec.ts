// News Management with JavaScript on and off: the list, the article dialog (add, edit with a
// validation error, close), statistics.
import { sql } from "kysely";
import { adminStatistics } from "~/content/statistics";
import type { Page } from "@playwright/test";
import { articleItem, expect, test } from "./support/auth";
import { createArticle, deleteArticle, e2eDb, uniqueTitle } from "./support/db";

/** The staff area's sidebar (wide screens). */
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Staff sections", exact: true });

const titles: string[] = [];
const ids: number[] = [];
test.afterAll(async () => {
  for (const id of ids.splice(0)) await deleteArticle(id);
  if (titles.length) await e2eDb().deleteFrom("news").where("title", "in", titles.splice(0)).execute();
});

test.beforeEach(async ({ login }) => {
  await login();
});

test("the list shows each article's title, date, a 200-character preview, Edit and Delete", async ({ page }) => {
  const title = uniqueTitle("Listed");
  const content = `${"Lorem ipsum dolor sit amet. ".repeat(12)}THE-END-MARKER`;
  const row = await createArticle({ title, content });
  ids.push(row.id);
  await page.goto("/admin/dashboard/news");
  await expect(sidebar(page).getByRole("link", { name: "News", exact: true })).toHaveAttribute("aria-current", "page");
  const item = articleItem(page, title);
  await expect(item).toBeVisible();
  await expect(item.locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  const preview = await item.locator("p").last().textContent();
  expect(preview!.length).toBeLessThanOrEqual(201);
  expect(preview).toMatch(/^Lorem ipsum dolor sit amet\..*…$/);
  expect(preview).not.toContain("THE-END-MARKER");
  await expect(item.getByRole("link", { name: /^Edit/ })).toHaveAttribute(
    "href",
    `/admin/dashboard/news/${row.id}/edit`,
  );
  await expect(item.getByRole("button", { name: /^Delete/ })).toBeVisible();
});

test("Add News opens a dialog over the list and the saved article appears in the list", async ({ page }) => {
  const title = uniqueTitle("Added");
  titles.push(title);
  await page.goto("/admin/dashboard/news");
  await page.getByRole("link", { name: "Add News" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/news\/new$/);
  const dialog = page.getByRole("dialog", { name: "Add News Article" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  // The list stays behind the dialog.
  await expect(page.getByRole("heading", { name: "News Management" })).toBeAttached();
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Image URL").fill("https://example.org/new.png");
  await dialog.getByLabel("Content").fill("First line of the new article.\nSecond line.");
  await dialog.getByRole("button", { name: "Add Article" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/news$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(articleItem(page, title)).toContainText("First line of the new article. Second line.");
  await expect(page.getByRole("status")).toHaveText("Article saved.");
  const stored = await e2eDb().selectFrom("news").selectAll().where("title", "=", title).execute();
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    content: "First line of the new article.\nSecond line.",
    image_url: "https://example.org/new.png",
  });
});

test("editing shows field errors with the input kept, then saves the fix", async ({ page }) => {
  const original = uniqueTitle("Before edit");
  const row = await createArticle({ title: original, content: "Original content", imageUrl: null });
  ids.push(row.id);
  await page.goto("/admin/dashboard/news");
  await articleItem(page, original).getByRole("link", { name: /^Edit/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/dashboard/news/${row.id}/edit$`));
  const dialog = page.getByRole("dialog", { name: "Edit News Article" });
  await expect(dialog.getByLabel("Title")).toHaveValue(original);
  await expect(dialog.getByLabel("Content")).toHaveValue("Original content");

  // Blank after trimming, and a URL that is not http(s): both pass the browser's own checks.
  await dialog.getByLabel("Title").fill("   ");
  await dialog.getByLabel("Image URL").fill("ftp://example.org/picture.png");
  await dialog.getByLabel("Content").fill("Edited content");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.locator(".field-error").getByText("Title is required")).toBeVisible();
  await expect(dialog.locator(".field-error").getByText("Image URL must be a valid http(s) URL")).toBeVisible();
  await expect(dialog.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Image URL")).toHaveValue("ftp://example.org/picture.png");
  await expect(dialog.getByLabel("Content")).toHaveValue("Edited content");
  expect((await e2eDb().selectFrom("news").select("title").where("id", "=", row.id).executeTakeFirst())?.title).toBe(
    original,
  );

  const fixed = uniqueTitle("After edit");
  await dialog.getByLabel("Title").fill(fixed);
  await dialog.getByLabel("Image URL").fill("");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/news$/);
  await expect(articleItem(page, fixed)).toContainText("Edited content");
  await expect(articleItem(page, original)).toHaveCount(0);
});

test("a live article another links to is taken off the site only after the links are shown and confirmed", async ({
  page,
}) => {
  const title = uniqueTitle("Linked");
  const linked = await createArticle({ title, content: "The gala." });
  const linking = await createArticle({
    title: uniqueTitle("Linking"),
    content: `Read [about the gala](/news/${linked.id}).`,
  });
  ids.push(linked.id, linking.id);
  await page.goto(`/admin/dashboard/news/${linked.id}/edit`);
  const dialog = page.getByRole("dialog", { name: "Edit News Article" });
  await dialog.getByLabel("Status").selectOption("draft");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  const warning = dialog.getByRole("alert").filter({ hasText: `A published page links to /news/${linked.id}` });
  await expect(warning).toContainText("these links will be broken");
  await expect(warning.getByRole("link", { name: `News: ${linking.title}` })).toBeVisible();
  await expect(warning).toContainText("“about the gala”");
  // Nothing changed yet, and the form still says Draft.
  await expect(dialog.getByLabel("Status")).toHaveValue("draft");
  expect(
    (await e2eDb().selectFrom("news").select("status").where("id", "=", linked.id).executeTakeFirstOrThrow()).status,
  ).toBe("published");
  await warning.getByRole("button", { name: "Confirm: unpublish anyway" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/news$/);
  await expect(page.getByRole("status")).toContainText("saved");
  expect(
    (await e2eDb().selectFrom("news").select("status").where("id", "=", linked.id).executeTakeFirstOrThrow()).status,
  ).toBe("draft");
});

test("Close and Cancel are links back to the list that discard the form", async ({ page }) => {
  await page.goto("/admin/dashboard/news/new");
  const dialog = page.getByRole("dialog", { name: "Add News Article" });
  await dialog.getByLabel("Title").fill("Never saved");
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/news$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByRole("link", { name: "Add News" }).click();
  await expect(page.getByRole("dialog", { name: "Add News Article" }).getByLabel("Title")).toHaveValue("");
  await page.getByRole("dialog").getByLabel("Title").fill("Never saved either");
  await page.getByRole("dialog").getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/news$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await e2eDb().selectFrom("news").select("id").where("title", "like", "Never saved%").execute()).toHaveLength(
    0,
  );
});

test("editing an unknown article answers 404 with a way back", async ({ page }) => {
  const response = await page.goto("/admin/dashboard/news/987654321/edit");
  expect(response?.status()).toBe(404);
  const dialog = page.getByRole("dialog", { name: "Article not found" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Back to News Management" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/news$/);
});

test("the Statistics tab shows the live article count and the charity's figures", async ({ page }) => {
  await page.goto("/admin/dashboard/news");
  await sidebar(page).getByRole("link", { name: "Statistics" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/stats$/);
  await expect(sidebar(page).getByRole("link", { name: "Statistics" })).toHaveAttribute("aria-current", "page");
  await expect(sidebar(page).getByRole("link", { name: "News", exact: true })).not.toHaveAttribute(
    "aria-current",
    "page",
  );
  const figure = (label: string) =>
    page
      .locator("dl > div")
      .filter({ has: page.locator("dt", { hasText: label }) })
      .locator("dd");
  await expect(figure("News Articles")).toHaveText(/^\d+$/);
  // Other tests add and remove articles at the same time: the figure is a live count, so it
  // lies between the counts taken just before and just after the page was rendered.
  const count = async () =>
    Number((await sql<{ n: number }>`select count(*) as n from news`.execute(e2eDb())).rows[0].n);
  await expect(async () => {
    const before = await count();
    await page.reload();
    const shown = Number(await figure("News Articles").textContent());
    const after = await count();
    expect(shown).toBeGreaterThanOrEqual(Math.min(before, after));
    expect(shown).toBeLessThanOrEqual(Math.max(before, after));
  }).toPass({ timeout: 30_000 });
  await expect(figure("Years of Service")).toHaveText(adminStatistics.yearsOfService);
  await expect(figure("Countries")).toHaveText(adminStatistics.countries);
  await expect(figure("Hospitals Supported")).toHaveText(adminStatistics.hospitalsSupported);
  await expect(page.getByText("18+")).toBeVisible();
});
