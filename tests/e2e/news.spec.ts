import { expect, test } from "@playwright/test";
import { createArticle, deleteArticle, uniqueTitle } from "./support/db";
import { newsHeadingsUntil, openNewsPageShowing } from "./support/news-pages";
import { SERVER_ONLY } from "./support/projects";

const created: number[] = [];
test.afterAll(async () => {
  for (const id of created.splice(0)) await deleteArticle(id);
});

async function article(input: Parameters<typeof createArticle>[0]) {
  const row = await createArticle(input);
  created.push(row.id);
  return row;
}

test("the news list shows the banner and the seeded articles as cards that lead to the article", async ({ page }) => {
  // Other tests' articles dated today come before it, so it may have moved to a later page.
  const { response } = await openNewsPageShowing(page, "Charity Gala Dinner: Sunday 5 October 2025");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Latest News & Updates" })).toBeVisible();

  const gala = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: "Charity Gala Dinner: Sunday 5 October 2025" }) });
  await expect(gala).toBeVisible();
  await expect(gala.getByText("1 September 2025")).toBeVisible();
  await expect(
    gala.getByText(/^We are delighted to invite you to our annual charity gala on Sunday 5 October 2025\. .*…$/),
  ).toBeVisible();

  await gala.getByRole("link", { name: /^Read More/ }).click();
  await expect(page).toHaveURL(/\/news\/\d+$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Charity Gala Dinner: Sunday 5 October 2025" }),
  ).toBeVisible();
  await expect(page.getByText("Tickets are £50 per person", { exact: false })).toBeVisible();
});

test("articles are listed newest first, each with a preview cut at 150 characters", SERVER_ONLY, async ({ page }) => {
  // Dated long ago so test data sorts after the seeded articles and stays off the home page.
  const older = await article({
    title: uniqueTitle("Older article"),
    content: "Short.",
    createdAt: "2001-01-01T12:00:00.000Z",
  });
  const title = uniqueTitle("Newer article");
  const content = `${"Volunteers packed food parcels all weekend. ".repeat(6)}This sentence is past the preview.`;
  const row = await article({ title, content, createdAt: "2001-06-01T12:00:00.000Z" });

  await openNewsPageShowing(page, title);
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card.getByText("1 June 2001")).toBeVisible();
  const previewText = (await card.locator("p").nth(1).textContent()) ?? "";
  expect(previewText.endsWith("…")).toBe(true);
  expect(previewText.length).toBeLessThanOrEqual(151);
  expect(previewText).not.toContain("past the preview");
  await expect(card.getByRole("link", { name: /^Read More/ })).toHaveAttribute("href", `/news/${row.id}`);

  const headings = await newsHeadingsUntil(page, [title, older.title]);
  const position = (t: string) => {
    const index = headings.indexOf(t);
    expect(index, t).toBeGreaterThanOrEqual(0);
    return index;
  };
  expect(position("Charity Gala Dinner: Sunday 5 October 2025")).toBeLessThan(position(title));
  expect(position(title)).toBeLessThan(position(older.title));
});

test("an article page shows date, title, content with its line breaks, share links and the way back", async ({
  page,
  baseURL,
}) => {
  const title = uniqueTitle(`Gala & "friends"`);
  const row = await article({
    title,
    content: "First paragraph of the story.\nA second line.\n\nA new paragraph.",
    createdAt: "2003-10-05T17:30:00.000Z",
  });

  const response = await page.goto(`/news/${row.id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("5 October 2003", { exact: true })).toBeVisible();

  // A line break stays a line break; a blank line starts a new paragraph.
  const first = page.getByRole("main").locator("p", { hasText: "First paragraph of the story." });
  expect(await first.innerText()).toBe("First paragraph of the story.\nA second line.");
  await expect(page.getByRole("main").locator("p", { hasText: "A new paragraph." })).toHaveText("A new paragraph.");

  const pageUrl = encodeURIComponent(`${baseURL}/news/${row.id}`);
  const expected = {
    Twitter: `https://twitter.com/intent/tweet?url=${pageUrl}&text=${encodeURIComponent(title)}`,
    Facebook: `https://www.facebook.com/sharer/sharer.php?u=${pageUrl}`,
    LinkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=${pageUrl}`,
  };
  for (const [network, href] of Object.entries(expected)) {
    const link = page.getByRole("link", { name: `Share on ${network} (opens in a new tab)` });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }

  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/news/${row.id}`);
  await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute(
    "content",
    "2003-10-05T17:30:00.000Z",
  );
  await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\| `));

  await page.getByRole("link", { name: "View all news articles" }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole("heading", { level: 1, name: "Latest News & Updates" })).toBeVisible();

  await page.goto(`/news/${row.id}`);
  await page.getByRole("link", { name: "Back to News" }).click();
  await expect(page).toHaveURL(/\/news$/);
});

test("an article with an image shows it with its size", SERVER_ONLY, async ({ page, baseURL }) => {
  const row = await article({
    title: uniqueTitle("With a picture"),
    content: "Look.",
    imageUrl: `${baseURL}/logo.svg`,
    createdAt: "2002-01-01T00:00:00.000Z",
  });
  await page.goto(`/news/${row.id}`);
  const image = page.locator("main article img");
  await expect(image).toHaveAttribute("src", `${baseURL}/logo.svg`);
  await expect(image).toHaveAttribute("width", /\d+/);
  await expect(image).toHaveAttribute("height", /\d+/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${baseURL}/logo.svg`);
});

for (const id of ["999999", "abc", "0", "-5", "1abc", "99999999999999999999"]) {
  test(`/news/${id} is a 404 page saying 'Article not found' with a way back`, async ({ page }) => {
    const response = await page.goto(`/news/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Article not found" })).toBeVisible();
    const back = page.getByRole("link", { name: "Back to News" });
    await expect(back).toHaveAttribute("href", "/news");
    await back.click();
    await expect(page.getByRole("heading", { level: 1, name: "Latest News & Updates" })).toBeVisible();
  });
}

test("the news pages advertise the RSS feed", SERVER_ONLY, async ({ page }) => {
  await page.goto("/news");
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    "href",
    "/news/rss.xml",
  );
});

test(
  "the RSS feed, sitemap and robots.txt are served with their content types",
  SERVER_ONLY,
  async ({ request, baseURL }) => {
    // Dated now so it is among the feed's latest 20; removed at once so the home page's
    // Recent Activities is disturbed as briefly as possible.
    const title = uniqueTitle("Feed <check> & 'quotes'");
    const row = await createArticle({ title, content: "Feed body." });
    let rssText: string;
    try {
      const rss = await request.get("/news/rss.xml");
      expect(rss.status()).toBe(200);
      expect(rss.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
      rssText = await rss.text();
    } finally {
      await deleteArticle(row.id);
    }
    expect(rssText).toContain(
      `<title>${title.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&apos;")}</title>`,
    );
    expect(rssText).toContain(`<link>${baseURL}/news/${row.id}</link>`);

    const kept = await article({
      title: uniqueTitle("Sitemap entry"),
      content: "x",
      createdAt: "2002-01-01T00:00:00.000Z",
    });
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const sitemapText = await sitemap.text();
    expect(sitemapText).toContain(
      `<loc>${baseURL}/news/${kept.id}</loc>\n    <lastmod>2002-01-01T00:00:00.000Z</lastmod>`,
    );
    expect(sitemapText).toContain(`<loc>${baseURL}/projects/flood-relief</loc>`);

    const robots = await request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const robotsText = await robots.text();
    expect(robotsText).toContain("Disallow: /admin");
    expect(robotsText).toContain("Disallow: /api");
    expect(robotsText).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  },
);

test(
  "an article's Markdown shows as formatting, never as asterisks, and its preview is plain text",
  SERVER_ONLY,
  async ({ page }) => {
    const title = uniqueTitle("Markdown");
    const article = await createArticle({
      title,
      content:
        "The **gala** raised *enough* for a clinic.\n\n- two nurses\n- one ambulance\n\nRead [the report](https://example.org/report).",
    });
    await page.goto(`/news/${article.id}`);
    const main = page.getByRole("main");
    await expect(main.locator("strong", { hasText: "gala" })).toBeVisible();
    await expect(main.locator("em", { hasText: "enough" })).toBeVisible();
    await expect(main.getByRole("listitem").filter({ hasText: "two nurses" })).toBeVisible();
    await expect(main.getByRole("link", { name: "the report" })).toHaveAttribute("href", "https://example.org/report");
    await expect(main).not.toContainText("**");
    await page.goto("/news");
    const card = page.getByRole("article").filter({ hasText: title });
    await expect(card).toContainText("The gala raised enough for a clinic.");
    await expect(card).not.toContainText("**");
  },
);
