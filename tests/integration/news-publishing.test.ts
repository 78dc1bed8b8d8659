// Pages, drafts and schedules: which articles visitors, staff and API clients see, and when.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setClock } from "~/infra/clock.server";
import { getDb } from "~/infra/db.server";
import { PageCache, publicCacheControl } from "~/infra/page-cache.server";
import { createNews, getNews } from "~/publishing/models/news.server";
import { loader as homeLoader } from "~/routes/_public+/_index";
import * as collection from "~/routes/api+/news";
import * as item from "~/routes/api+/news.$id";
import { loader as listLoader } from "~/routes/_public+/news._index";
import { loader as detailLoader, meta as detailMeta } from "~/routes/_public+/news.$id";
import { loader as pageLoader } from "~/routes/_public+/news.page.$page";
import { loader as rssLoader } from "~/routes/_public+/news.rss[.]xml";
import { loader as sitemapLoader } from "~/routes/_public+/sitemap[.]xml";
import { loader as adminListLoader } from "~/routes/admin+/dashboard+/news";
import { nextScheduledPublish } from "~/publishing/services/news.server";
import { adminCookie, bodyOf, getRequest, run } from "./admin-support";
import { apiRequest, call, jsonOf } from "./api-support";
import { resetDatabase } from "./helpers";

const T0 = Date.parse("2030-06-01T08:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();
const MINUTE = 60_000;

let time = T0;
beforeEach(async () => {
  await resetDatabase();
  time = T0;
  setClock(() => time);
});
afterEach(() => setClock(null));

async function article(title: string, publishAt: number, status: "draft" | "published" = "published") {
  const created = await createNews(getDb(), {
    title,
    content: `Text of ${title}. More.`,
    status,
    publishAt: iso(publishAt),
  });
  return created;
}

/** n published articles, newest first by title "Article n". */
async function many(n: number) {
  for (let i = 1; i <= n; i++) await article(`Article ${i}`, T0 - (n - i + 1) * MINUTE);
}

const page = (url: string, params: Record<string, string> = {}, cookie?: string) =>
  run(params.page ? pageLoader : listLoader, getRequest(url, { cookie }), params);

describe("/news pages", () => {
  it("shows 12 a page with a link to the next while more remain, and the empty state with none", async () => {
    let data = await bodyOf(await page("/news"));
    expect(data).toMatchObject({ articles: [], page: 1, hasNext: false });
    await many(13);
    data = await bodyOf(await page("/news"));
    expect(data.articles).toHaveLength(12);
    expect(data.articles[0].title).toBe("Article 13");
    expect(data.hasNext).toBe(true);
    const second = await bodyOf(await page("/news/page/2", { page: "2" }));
    expect(second.articles.map((a: { title: string }) => a.title)).toEqual(["Article 1"]);
    expect(second).toMatchObject({ page: 2, hasNext: false, url: "http://localhost:3000/news/page/2" });
  });

  it("ends exactly at a multiple of 12: no link to an empty page, and that page is a 404", async () => {
    await many(12);
    expect((await bodyOf(await page("/news"))).hasNext).toBe(false);
    expect((await page("/news/page/2", { page: "2" })).status).toBe(404);
  });

  it("answers 404 for a page past the end or malformed, and sends page 1 to /news", async () => {
    await many(3);
    for (const bad of ["2", "0", "-1", "01", "1.5", "abc", "1e3", "9999999", " 2", ""]) {
      expect((await page(`/news/page/${bad}`, { page: bad || "x" })).status, bad).toBe(404);
    }
    const first = await page("/news/page/1", { page: "1" });
    expect(first.status).toBe(301);
    expect(first.headers.get("Location")).toBe("/news");
  });

  it("sends cards only a preview of the text, whatever the article's length", async () => {
    await createNews(getDb(), { title: "Long", content: "word ".repeat(10_000), publishAt: iso(T0 - MINUTE) });
    const { articles } = await bodyOf(await page("/news"));
    expect(articles[0].content.length).toBeLessThanOrEqual(151);
  });
});

describe("drafts and scheduled articles", () => {
  it("are hidden from visitors everywhere until their time, and shown to staff, marked", async () => {
    const live = await article("Live", T0 - MINUTE);
    const draft = await article("Draft", T0 - 2 * MINUTE, "draft");
    const scheduled = await article("Scheduled", T0 + 30 * MINUTE);

    const titles = (data: { articles: { title: string }[] }) => data.articles.map((a) => a.title);
    expect(titles(await bodyOf(await page("/news")))).toEqual(["Live"]);
    expect(titles(await bodyOf(await run(homeLoader, getRequest("/"))))).toEqual(["Live"]);
    for (const hidden of [draft, scheduled]) {
      expect((await run(detailLoader, getRequest(`/news/${hidden.id}`), { id: String(hidden.id) })).status).toBe(404);
    }
    const rss = await (await rssLoader({ request: getRequest("/news/rss.xml"), params: {}, context: {} })).text();
    expect(rss).toContain("<title>Live</title>");
    expect(rss).not.toMatch(/Draft|Scheduled/);
    const sitemap = await (
      await sitemapLoader({ request: getRequest("/sitemap.xml"), params: {}, context: {} })
    ).text();
    expect(sitemap).toContain(`/news/${live.id}<`);
    expect(sitemap).not.toContain(`/news/${draft.id}<`);
    expect(sitemap).not.toContain(`/news/${scheduled.id}<`);

    // Staff see everything, each marked, and can preview the article as it will look.
    const { cookie } = await adminCookie();
    const staffList = await bodyOf(await page("/news", {}, cookie));
    expect(staffList.articles.map((a: { title: string; state?: string }) => [a.title, a.state])).toEqual([
      ["Scheduled", "scheduled"],
      ["Live", undefined],
      ["Draft", "draft"],
    ]);
    // The home page's latest news too, as on /news.
    const staffHome = await bodyOf(await run(homeLoader, getRequest("/", { cookie })));
    expect(staffHome.articles.map((a: { title: string; state?: string }) => [a.title, a.state])).toEqual([
      ["Scheduled", "scheduled"],
      ["Live", undefined],
      ["Draft", "draft"],
    ]);
    const preview = await bodyOf(
      await run(detailLoader, getRequest(`/news/${draft.id}`, { cookie }), { id: String(draft.id) }),
    );
    expect(preview).toMatchObject({ state: "draft", article: { title: "Draft" } });
    const admin = await bodyOf(await run(adminListLoader, getRequest("/admin/dashboard", { cookie })));
    expect(admin.articles.map((a: { state: string }) => a.state)).toEqual(["scheduled", "published", "draft"]);

    // The moment comes: the scheduled article is public, with nothing written.
    time = T0 + 30 * MINUTE;
    expect(titles(await bodyOf(await page("/news")))).toEqual(["Scheduled", "Live"]);
    expect((await run(detailLoader, getRequest(`/news/${scheduled.id}`), { id: String(scheduled.id) })).status).toBe(
      200,
    );
  });

  it("bounds the page cache and every shared cache by the next publish time", async () => {
    await article("Live", T0 - MINUTE);
    await article("Later", T0 + 90_000);
    await article("Draft never counts", T0 + 5_000, "draft");
    const next = await nextScheduledPublish();
    expect(next).toBe(T0 + 90_000);

    const cache = new PageCache(200, 60 * 60_000, () => time);
    cache.set("system http://localhost/news", {
      body: Buffer.from("old list") as Buffer<ArrayBuffer>,
      headers: [],
      leafData: null,
      dataVersion: 1,
      expiresAt: next,
    });
    time = T0 + 89_999;
    expect(cache.get("system http://localhost/news", 1)?.body.toString()).toBe("old list");
    time = T0 + 90_000;
    expect(cache.get("system http://localhost/news", 1)).toBeUndefined();

    // A CDN may keep the page 60 s and serve it stale only until the article is due.
    const headerAt = (ms: number) => publicCacheControl({ sMaxage: 60, staleWhileRevalidate: 300 }, next, ms);
    expect(headerAt(T0)).toBe("public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=30");
    expect(headerAt(T0 + 80_000)).toBe("public, max-age=0, must-revalidate, s-maxage=10");
    expect(headerAt(T0 + 90_000)).toBe("public, max-age=0, must-revalidate, s-maxage=0");
    expect(publicCacheControl({ sMaxage: 60, staleWhileRevalidate: 300 }, null, T0)).toBe(
      "public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=300",
    );

    // Just after the moment a render that began before it must not be kept: the time that
    // just passed still bounds the cache, so the entry is already stale.
    time = T0 + 95_000;
    expect(await nextScheduledPublish()).toBe(T0 + 90_000);
    time = T0 + 200_000;
    expect(await nextScheduledPublish()).toBeNull();

    // The feeds carry the same bound.
    time = T0;
    const rss = await rssLoader({ request: getRequest("/news/rss.xml"), params: {}, context: {} });
    expect(rss.headers.get("Cache-Control")).toBe("public, max-age=90, s-maxage=90");
  });
});

describe("the API and publishing", () => {
  let token: string;
  beforeEach(async () => {
    const { createApiUser, tokenFor } = await import("./api-support");
    token = await tokenFor(await createApiUser(`editor-${Math.random().toString(36).slice(2)}`));
  });

  const post = (json: unknown) => call(collection, apiRequest("/api/news", { method: "POST", json, token }));

  it("publishes at once for an old client, and takes status and publish_at from a new one", async () => {
    const old = await jsonOf(await post({ title: "Old client", content: "x" }));
    expect(old).toMatchObject({ status: "published", publish_at: iso(T0) });
    const draft = await jsonOf(await post({ title: "Draft", content: "x", status: "draft" }));
    expect(draft.status).toBe("draft");
    const later = await jsonOf(await post({ title: "Later", content: "x", publish_at: "2030-06-01T10:00:00+01:00" }));
    expect(later).toMatchObject({ status: "published", publish_at: "2030-06-01T09:00:00.000Z" });

    // Anonymous callers see only what is public; a draft or scheduled article is a 404.
    const anonymous = await jsonOf(await call(collection, apiRequest("/api/news")));
    expect(anonymous.map((a: { title: string }) => a.title)).toEqual(["Old client"]);
    for (const hidden of [draft, later]) {
      expect((await call(item, apiRequest(`/api/news/${hidden.id}`), { id: String(hidden.id) })).status).toBe(404);
      const asStaff = await call(item, apiRequest(`/api/news/${hidden.id}`, { token }), { id: String(hidden.id) });
      expect(asStaff.status).toBe(200);
    }
    const staff = await jsonOf(await call(collection, apiRequest("/api/news", { token })));
    expect(staff.map((a: { title: string }) => a.title).sort()).toEqual(["Draft", "Later", "Old client"]);
    // A bad token is told so, not quietly shown the public list.
    expect((await call(collection, apiRequest("/api/news", { token: "nope" }))).status).toBe(401);

    // An old client's edit leaves the schedule alone; publishing the draft sends it now.
    const put = (id: number, json: unknown) =>
      call(item, apiRequest(`/api/news/${id}`, { method: "PUT", json, token }), { id: String(id) });
    expect(await jsonOf(await put(later.id, { title: "Later, edited", content: "y" }))).toMatchObject({
      status: "published",
      publish_at: "2030-06-01T09:00:00.000Z",
    });
    time = T0 + 5 * MINUTE;
    expect(await jsonOf(await put(draft.id, { title: "Draft", content: "x", status: "published" }))).toMatchObject({
      status: "published",
      publish_at: iso(T0 + 5 * MINUTE),
    });
  });

  it("rejects a publish_at that is not an ISO-8601 instant with a zone, and an unknown status", async () => {
    for (const publish_at of [
      "tomorrow",
      "2030-06-01",
      "2030-06-01T09:00",
      "2030-02-30T09:00:00Z",
      12,
      "2030-06-01T25:00:00Z",
    ]) {
      const response = await post({ title: "x", content: "y", publish_at });
      expect(response.status, String(publish_at)).toBe(400);
      expect((await jsonOf(response)).issues.publish_at).toBeDefined();
    }
    const response = await post({ title: "x", content: "y", status: "scheduled" });
    expect(response.status).toBe(400);
    expect((await jsonOf(response)).issues.status).toBeDefined();
  });

  it("pages with limit and a cursor, a Link to the next page while more remain, newest first", async () => {
    await many(120);
    const seen: string[] = [];
    let url: string | null = "/api/news";
    let pages = 0;
    // Bounded: a cursor that led back to a page already seen must fail here, not loop.
    while (url && pages < 10) {
      const response = await call(collection, apiRequest(url));
      expect(response.status).toBe(200);
      const body = await jsonOf(response);
      expect(body.length).toBeLessThanOrEqual(20);
      seen.push(...body.map((a: { title: string }) => a.title));
      const link = response.headers.get("Link");
      const match = link?.match(/^<(http:\/\/localhost:3000\/api\/news\?[^>]+)>; rel="next"$/);
      url = match ? match[1].replace("http://localhost", "") : null;
      if (link) expect(match).not.toBeNull();
      pages++;
    }
    expect(pages).toBe(6);
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => `Article ${120 - i}`));

    const limited = await call(collection, apiRequest("/api/news?limit=100"));
    expect(await jsonOf(limited)).toHaveLength(100);
    const exact = await call(collection, apiRequest("/api/news?limit=20"));
    expect(new URL(exact.headers.get("Link")!.slice(1).split(">")[0]).searchParams.get("limit")).toBe("20");
  });

  it("answers 400 with the JSON error shape for bad paging parameters", async () => {
    for (const query of [
      "limit=0",
      "limit=101",
      "limit=-1",
      "limit=abc",
      "limit=1.5",
      "limit=",
      "cursor=",
      "cursor=zzz",
      "cursor=%00",
      "limit=5&limit=6",
      "page=2",
      "sort=title",
    ]) {
      const response = await call(collection, apiRequest(`/api/news?${query}`));
      expect(response.status, query).toBe(400);
      expect(typeof (await jsonOf(response)).error).toBe("string");
    }
  });
});

describe("the admin list", () => {
  it("is paged by 20 and searchable by title", async () => {
    await many(25);
    await article("Gala 100% sold_out", T0 - 100 * MINUTE);
    const { cookie } = await adminCookie();
    const list = async (query: string) =>
      bodyOf(await run(adminListLoader, getRequest(`/admin/dashboard${query}`, { cookie })));
    const first = await list("");
    expect(first).toMatchObject({ page: 1, totalPages: 2, total: 26 });
    expect(first.articles).toHaveLength(20);
    expect((await list("?page=2")).articles).toHaveLength(6);
    expect((await list("?page=99")).page).toBe(2);
    expect((await list("?page=abc")).page).toBe(1);
    expect((await list("?q=gala")).articles.map((a: { title: string }) => a.title)).toEqual(["Gala 100% sold_out"]);
    expect((await list("?q=100%25")).total).toBe(1);
    expect((await list("?q=_")).total).toBe(1);
    expect((await list("?q=%25")).total).toBe(1);
    expect((await list("?q=article 2")).total).toBe(7);
  });
});

it("keeps the stored article intact", async () => {
  const created = await article("Kept", T0 - MINUTE);
  expect(await getNews(getDb(), created.id)).toMatchObject({ title: "Kept", status: "published" });
});

describe("share previews", () => {
  it("give an article Open Graph and Twitter tags with absolute URLs, its first sentences and the site picture", async () => {
    const created = await createNews(getDb(), {
      title: "Clinic opens",
      content:
        "The clinic opened on Monday.  Two hundred people came!\n\nThe rest of this story is long: " +
        "and on ".repeat(40) +
        "end.",
      publishAt: iso(T0 - MINUTE),
    });
    // Forwarded headers are not believed: every absolute URL is on PUBLIC_URL.
    const request = getRequest(`/news/${created.id}`, {
      headers: { "X-Forwarded-Host": "charity.example", "X-Forwarded-Proto": "https" },
    });
    const data = await bodyOf(await run(detailLoader, request, { id: String(created.id) }));
    const tags = detailMeta({ data } as any);
    const content = (key: string) => (tags.find((t: any) => t.property === key || t.name === key) as any)?.content;
    expect(content("og:url")).toBe(`http://localhost:3000/news/${created.id}`);
    expect(content("og:image")).toBe("http://localhost:3000/images/share-default.png");
    expect(content("twitter:image")).toBe("http://localhost:3000/images/share-default.png");
    expect(content("twitter:card")).toBe("summary_large_image");
    expect(content("og:type")).toBe("article");
    expect(content("og:description")).toBe("The clinic opened on Monday. Two hundred people came!");
    expect(content("twitter:title")).toBe("Clinic opens");
  });
});
