import { beforeEach, describe, expect, it } from "vitest";
import { SEEDED_PROJECTS as projects } from "../../db/migrations/0044_projects_redirects";
import { createNews } from "~/publishing/models/news.server";
import { loader as robotsLoader } from "~/routes/_public+/robots[.]txt";
import { loader as rssLoader } from "~/routes/_public+/news.rss[.]xml";
import { loader as sitemapLoader } from "~/routes/_public+/sitemap[.]xml";
import { getDb } from "~/infra/db.server";
import { resetDatabase } from "./helpers";
import { assertWellFormedXml, elements } from "../unit/xml-check";

async function insert(title: string, createdAt: string, content = `Content of ${title}`, updatedAt = createdAt) {
  const db = getDb();
  const article = await createNews(db, { title, content });
  await db
    .updateTable("news")
    .set({ created_at: createdAt, updated_at: updatedAt, publish_at: createdAt })
    .where("id", "=", article.id)
    .execute();
  return article;
}

const get = (loader: (args: any) => Promise<Response>, url: string, headers: Record<string, string> = {}) =>
  loader({ request: new Request(url, { headers }), params: {}, context: {} });

beforeEach(resetDatabase);

describe("/news/rss.xml", () => {
  it("is RSS 2.0 of the latest 20 articles, newest first, with absolute links and RFC 822 dates", async () => {
    for (let day = 1; day <= 22; day++) {
      await insert(`Article ${day}`, `2025-01-${String(day).padStart(2, "0")}T09:00:00.000Z`);
    }
    const response = await get(rssLoader, "http://localhost:3000/news/rss.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const xml = await response.text();
    assertWellFormedXml(xml);
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<rss version="2\.0"/);

    const items = elements(xml, "item");
    expect(items).toHaveLength(20);
    expect(elements(items[0], "title")[0]).toBe("Article 22");
    expect(elements(items[19], "title")[0]).toBe("Article 3");
    expect(elements(items[0], "pubDate")[0]).toBe("Wed, 22 Jan 2025 09:00:00 GMT");
    const link = elements(items[0], "link")[0];
    expect(link).toMatch(/^http:\/\/localhost:3000\/news\/\d+$/);
    expect(elements(items[0], "guid")[0]).toBe(link);
    expect(elements(xml, "link")[0]).toBe("http://localhost:3000/news");
    expect(xml).toContain(
      '<atom:link href="http://localhost:3000/news/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    expect(elements(xml, "lastBuildDate")[0]).toBe("Wed, 22 Jan 2025 09:00:00 GMT");
  });

  it("escapes <, &, quotes and apostrophes in titles and keeps markup in content inert", async () => {
    await insert(
      `<b>"Tom" & 'Jerry'</b>`,
      "2025-01-01T00:00:00.000Z",
      "<script>alert(1)</script> & more\nsecond line\n\nnext paragraph",
    );
    const xml = await (await get(rssLoader, "http://localhost/news/rss.xml")).text();
    assertWellFormedXml(xml);
    expect(xml).toContain("<title>&lt;b&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;&lt;/b&gt;</title>");
    expect(xml).not.toContain("<script>");
    // Readers decode the XML once and render the result as HTML: it must still be escaped then.
    const description = elements(xml, "description").at(-1)!;
    const afterXmlDecoding = description
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&");
    expect(afterXmlDecoding).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more<br>second line</p><p>next paragraph</p>",
    );
  });

  it("drops characters XML cannot carry instead of breaking the feed", async () => {
    await insert("Bell\u0007 and NUL\u0000 in a title", "2025-01-01T00:00:00.000Z", "Lone surrogate \uD800 here");
    const xml = await (await get(rssLoader, "http://localhost/news/rss.xml")).text();
    assertWellFormedXml(xml);
    expect(xml).toContain("<title>Bell and NUL in a title</title>");
    expect(xml).not.toMatch(/[\u0000-\u0008\uD800]/);
  });

  it("is a valid empty channel when there are no articles", async () => {
    const xml = await (await get(rssLoader, "http://localhost/news/rss.xml")).text();
    assertWellFormedXml(xml);
    expect(elements(xml, "item")).toHaveLength(0);
  });

  it("builds every link on PUBLIC_URL, whatever Host and X-Forwarded-* say", async () => {
    await insert("Proxied", "2025-01-01T00:00:00.000Z");
    const xml = await (
      await get(rssLoader, "http://evil.example/news/rss.xml", {
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "evil.example",
      })
    ).text();
    expect(xml).not.toContain("evil.example");
    expect(elements(xml, "link")[0]).toBe("http://localhost:3000/news");
    expect(elements(elements(xml, "item")[0], "link")[0]).toMatch(/^http:\/\/localhost:3000\/news\/\d+$/);
  });
});

describe("/sitemap.xml", () => {
  it("lists every public page and every article with its last change", async () => {
    const a = await insert("First", "2025-01-01T00:00:00.000Z", "x", "2025-04-05T06:07:08.000Z");
    const b = await insert("Second", "2025-02-01T00:00:00.000Z");
    const response = await get(sitemapLoader, "http://localhost:3000/sitemap.xml");
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    assertWellFormedXml(xml);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');

    const locs = elements(xml, "loc");
    const expectedPages = [
      "/",
      "/about",
      "/about/team",
      "/about/history",
      "/about/faq",
      "/projects",
      "/projects/recent",
      "/projects/flood-relief",
      "/projects/primary-care",
      "/projects/education",
      "/projects/public-health",
      "/projects/palliative-care",
      "/projects/water-filtration",
      "/projects/gender-equality",
      "/get-involved",
      "/get-involved/share-my-day",
      "/get-involved/memoriam",
      "/get-involved/volunteers",
      "/get-involved/internships",
      "/get-involved/advisors",
      "/publications",
      "/donate",
      "/contact",
      "/news",
      "/newsletters",
      "/privacy",
      "/terms",
    ];
    for (const path of expectedPages) expect(locs).toContain(`http://localhost:3000${path}`);
    for (const project of projects) expect(locs).toContain(`http://localhost:3000/projects/${project.slug}`);
    expect(locs.filter((loc) => !loc.includes("/news/"))).toHaveLength(expectedPages.length);
    expect(locs.some((loc) => loc.includes("/admin") || loc.includes("/api"))).toBe(false);

    const urls = elements(xml, "url");
    const first = urls.find((u) => elements(u, "loc")[0] === `http://localhost:3000/news/${a.id}`);
    const second = urls.find((u) => elements(u, "loc")[0] === `http://localhost:3000/news/${b.id}`);
    expect(first && elements(first, "lastmod")[0]).toBe("2025-04-05T06:07:08.000Z");
    expect(second && elements(second, "lastmod")[0]).toBe("2025-02-01T00:00:00.000Z");
  });
});

describe("/robots.txt", () => {
  it("allows everything but /admin (except its public sign-in page) and /api and points at the absolute sitemap URL", async () => {
    const response = await get(robotsLoader, "http://localhost:3000/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Allow: /admin/login");
    expect(lines).toContain("Disallow: /api");
    expect(lines).toContain("Disallow: /healthz");
    expect(lines).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });

  it("names the sitemap on PUBLIC_URL, never on a forwarded host", async () => {
    const text = await (
      await get(robotsLoader, "http://127.0.0.1:3000/robots.txt", {
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "evil.example",
      })
    ).text();
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
    expect(text).not.toContain("evil.example");
  });
});
