// Newsroom publishing with JavaScript on and off: paging through /news, drafts staff can
// preview and visitors cannot see, scheduling for a later time, and uploading a photo.
import sharp from "sharp";
import { expect, test } from "./support/auth";
import { createArticle, deleteArticle, e2eDb, setPublishAt, uniqueTitle } from "./support/db";

const ids: number[] = [];
const titles: string[] = [];
test.afterAll(async () => {
  for (const id of ids.splice(0)) await deleteArticle(id);
  if (titles.length) {
    const rows = await e2eDb().selectFrom("news").select("id").where("title", "in", titles.splice(0)).execute();
    for (const row of rows) await deleteArticle(row.id);
  }
});

test("/news pages through older articles with plain links, and a page past the end is a 404", async ({ page }) => {
  // Thirteen articles from long ago: enough for a second page, and dated before every other
  // test's articles, so they never push those off the first page.
  for (let i = 0; i < 13; i++) {
    const row = await createArticle({
      title: uniqueTitle("Archive"),
      content: "From the archive.",
      publishAt: `1990-01-${String(i + 1).padStart(2, "0")}T09:00:00.000Z`,
    });
    ids.push(row.id);
  }
  await page.goto("/news");
  const pages = page.getByRole("navigation", { name: "News pages" });
  await expect(pages.getByText("Page 1")).toBeVisible();
  await pages.getByRole("link", { name: /Older/ }).click();
  await expect(page).toHaveURL(/\/news\/page\/2$/);
  await expect(pages.getByText("Page 2")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Read More/ }).first()).toBeVisible();
  await pages.getByRole("link", { name: /Newer/ }).click();
  await expect(page).toHaveURL(/\/news$/);

  const missing = await page.goto("/news/page/999999");
  expect(missing?.status()).toBe(404);
  expect((await page.goto("/news/page/abc"))?.status()).toBe(404);
});

test("staff save a draft, preview it, and visitors cannot see it until it is published", async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  await login();
  const title = uniqueTitle("Draft gala");
  titles.push(title);
  await page.goto("/admin/dashboard/news/new");
  const dialog = page.getByRole("dialog", { name: "Add News Article" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Status").selectOption("draft");
  await dialog.getByLabel("Content").fill("Tickets go on sale soon. Watch this space.");
  await dialog.getByRole("button", { name: "Add Article" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/news$/);

  await page.getByRole("search").getByLabel("Search titles").fill(title);
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
  await expect(item.getByText("Draft", { exact: true })).toBeVisible();
  await item.getByRole("link", { name: /^Preview/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("visitors cannot see this article yet");
  const id = Number(page.url().split("/").pop());

  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  expect((await visitorPage.goto(`/news/${id}`))?.status()).toBe(404);
  await visitorPage.goto("/news");
  await expect(visitorPage.getByRole("heading", { name: title })).toHaveCount(0);
  expect((await visitorPage.request.get(`/api/news/${id}`)).status()).toBe(404);
  await visitor.close();
});

test("a scheduled article appears for visitors at its time and not before", async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  await login();
  const title = uniqueTitle("Gala on Monday");
  titles.push(title);
  await page.goto("/admin/dashboard/news/new");
  const dialog = page.getByRole("dialog", { name: "Add News Article" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Publish time (UK time)").fill("2099-10-05T09:00");
  await dialog.getByLabel("Content").fill("The gala is on. Tickets are £50.");
  await dialog.getByRole("button", { name: "Add Article" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/news$/);
  const row = await e2eDb().selectFrom("news").selectAll().where("title", "=", title).executeTakeFirstOrThrow();
  // 09:00 in London in October is 08:00 UTC (British Summer Time).
  expect(row).toMatchObject({ status: "published", publish_at: "2099-10-05T08:00:00.000Z" });

  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  expect((await visitorPage.goto(`/news/${row.id}`))?.status()).toBe(404);
  const feed = await (await visitorPage.request.get("/news/rss.xml")).text();
  expect(feed).not.toContain(title);

  // Its time comes (moved here rather than waited for).
  await setPublishAt(row.id, new Date(Date.now() - 1000).toISOString());
  expect((await visitorPage.goto(`/news/${row.id}`))?.status()).toBe(200);
  await expect(visitorPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await visitorPage.goto("/news");
  await expect(visitorPage.getByRole("heading", { name: title })).toBeVisible();
  expect(await (await visitorPage.request.get("/news/rss.xml")).text()).toContain(title);
  expect(await (await visitorPage.request.get("/sitemap.xml")).text()).toContain(`/news/${row.id}<`);
  await visitor.close();
});

test("staff upload a photo with alt text; the article shows it in every width", async ({ page, login }) => {
  await login();
  const title = uniqueTitle("Photo");
  titles.push(title);
  const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .png()
    .toBuffer();
  await page.goto("/admin/dashboard/news/new");
  const dialog = page.getByRole("dialog", { name: "Add News Article" });
  await dialog.getByLabel("Title").fill(title);
  await dialog
    .getByLabel("Photo", { exact: false })
    .first()
    .setInputFiles({ name: "clinic.png", mimeType: "image/png", buffer: png });
  await dialog.getByLabel("Content").fill("The new clinic. It opened today.");
  // Without a description the form says why one is needed.
  await dialog.getByRole("button", { name: "Add Article" }).click();
  await expect(page.getByText(/screen readers hear this text/).last()).toBeVisible();
  const again = page.getByRole("dialog", { name: "Add News Article" });
  // Without JavaScript the page came back from the server: a file input cannot be refilled.
  const fileInput = again.locator('input[type="file"]');
  if (!(await fileInput.evaluate((el: HTMLInputElement) => el.files?.length ?? 0))) {
    await fileInput.setInputFiles({ name: "clinic.png", mimeType: "image/png", buffer: png });
  }
  await again.getByLabel("Photo description (alt text)").fill("The green front door of the new clinic");
  await again.getByRole("button", { name: "Add Article" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/news$/);

  const row = await e2eDb().selectFrom("news").selectAll().where("title", "=", title).executeTakeFirstOrThrow();
  await page.goto(`/news/${row.id}`);
  const image = page.getByRole("img", { name: "The green front door of the new clinic" });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("srcset", /480\.jpg 480w, .*960\.jpg 960w, .*1200\.jpg 1200w/);
  await expect(image).toHaveAttribute("sizes", /.+/);
  const src = await image.evaluate((el: HTMLImageElement) => el.currentSrc);
  const response = await page.request.get(src);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(["image/webp", "image/jpeg"]).toContain(response.headers()["content-type"]);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    new RegExp(`^http.*/uploads/${row.image_upload}/1200\\.jpg$`),
  );
});
