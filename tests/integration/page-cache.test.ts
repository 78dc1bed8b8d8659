import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { dataVersionNow } from "~/infra/db.server";
import {
  mayStoreRender,
  cachedLoader,
  claimPage,
  etagMatches,
  PageCache,
  pageCache,
  pageCacheKey,
  type NewPage,
} from "~/infra/page-cache.server";
import { inlineScriptHashes } from "~/infra/security-headers.server";

function context(handle: unknown): EntryContext {
  return {
    staticHandlerContext: { matches: [{ route: { id: "root" } }, { route: { id: "routes/_public+/news._index" } }] },
    routeModules: { root: {}, "routes/_public+/news._index": { handle } },
  } as unknown as EntryContext;
}

const page = (text: string, dataVersion = 1, extra: Partial<NewPage> = {}): NewPage => ({
  body: Buffer.from(text) as Buffer<ArrayBuffer>,
  headers: [],
  leafData: null,
  dataVersion,
  ...extra,
});

const get = (url: string, cookie?: string) =>
  new Request(`http://localhost${url}`, { headers: cookie ? { Cookie: cookie } : {} });

describe("pageCacheKey", () => {
  const cacheable = context({ pageCache: true });

  it("keys anonymous GETs of opted-in routes by theme and path", () => {
    expect(pageCacheKey(get("/news"), 200, cacheable)).toBe("system /news");
    expect(pageCacheKey(get("/news", "theme=dark"), 200, cacheable)).toBe("dark /news");
    expect(pageCacheKey(get("/news", "theme=light; other=1"), 200, cacheable)).toBe("light /news");
  });

  it("keys by path alone: pages carry no host (absolute URLs come from PUBLIC_URL), so a forged host changes nothing", () => {
    const forged = new Request("http://evil.example/news", { headers: { "X-Forwarded-Host": "evil.example" } });
    expect(pageCacheKey(forged, 200, cacheable)).toBe(pageCacheKey(get("/news"), 200, cacheable));
  });

  it("never caches for a signed-in user", () => {
    expect(pageCacheKey(get("/news", "theme=dark; __session=abc"), 200, cacheable)).toBeNull();
    expect(pageCacheKey(get("/news", "__session=abc"), 200, cacheable)).toBeNull();
  });

  it("ignores query parameters the page does not read, and skips those it reads", () => {
    // Made-up parameters cannot force a render per request (/contact?x=1 once bypassed the cache).
    expect(pageCacheKey(get("/contact?x=1"), 200, cacheable)).toBe("system /contact");
    expect(pageCacheKey(get("/contact?utm_source=tv&x=2"), 200, cacheable)).toBe("system /contact");
    const readsSubject = context({ pageCache: true, query: ["subject"] });
    expect(pageCacheKey(get("/contact?x=1"), 200, readsSubject)).toBe("system /contact");
    expect(pageCacheKey(get("/contact?subject=media"), 200, readsSubject)).toBeNull();
    // A render for ?x=1 is served, never stored: its form actions would carry the query.
    expect(mayStoreRender(get("/contact?x=1"))).toBe(false);
    expect(mayStoreRender(get("/contact"))).toBe(true);
  });

  it("skips routes that did not opt in, other statuses and other methods", () => {
    expect(pageCacheKey(get("/news"), 200, context(undefined))).toBeNull();
    expect(pageCacheKey(get("/news"), 200, context({ pageCache: false }))).toBeNull();
    expect(pageCacheKey(get("/news"), 404, cacheable)).toBeNull();
    expect(pageCacheKey(new Request("http://localhost/news", { method: "POST" }), 200, cacheable)).toBeNull();
  });
});

describe("PageCache", () => {
  it("serves a page until the data version changes", () => {
    const cache = new PageCache();
    cache.set("k", page("<p>a</p>", 1));
    expect(cache.get("k", 1)?.body.toString()).toBe("<p>a</p>");
    expect(cache.get("k", 2)).toBeUndefined();
    expect(cache.get("k", 1)).toBeUndefined(); // dropped, not resurrected
  });

  it("expires entries after the TTL", () => {
    let now = 0;
    const cache = new PageCache(10, 1000, () => now);
    cache.set("k", page("x", 1));
    now = 999;
    expect(cache.get("k", 1)).toBeDefined();
    now = 2500;
    expect(cache.get("k", 1)).toBeUndefined();
  });

  it("evicts the least recently used entry beyond its size", () => {
    const cache = new PageCache(2);
    cache.set("a", page("a", 1));
    cache.set("b", page("b", 1));
    cache.get("a", 1);
    cache.set("c", page("c", 1));
    expect(cache.get("b", 1)).toBeUndefined();
    expect(cache.get("a", 1)?.body.toString()).toBe("a");
    expect(cache.get("c", 1)?.body.toString()).toBe("c");
    expect(cache.size).toBe(2);
  });

  it("is cleared by any news write in this process", async () => {
    const { pageCache } = await import("~/infra/page-cache.server");
    const { publishArticle } = await import("~/publishing/services/news.server");
    pageCache.set("system /news", page("old", 1));
    await publishArticle({ title: "New", content: "Body" });
    expect(pageCache.size).toBe(0);
  });
});

describe("claims", () => {
  it("decide a request's hit once, so the copy claimed is the copy served even if it expires meanwhile", async () => {
    let now = 0;
    const cache = new PageCache(10, 1000, () => now);
    cache.set("k", page("cached", await dataVersionNow()));
    const context = {};
    const first = await claimPage(context, "k", cache);
    expect(first?.page?.body.toString()).toBe("cached");
    now = 5000; // expired since
    expect(await claimPage(context, "k", cache)).toBe(first);
    expect((await claimPage({}, "k", cache))?.page).toBeUndefined();
    expect(await claimPage(undefined, "k", cache)).toBeNull();
  });

  it("refuse a render that a write in this process made stale before it was stored", () => {
    const cache = new PageCache();
    const claim = cache.claim("k", 1);
    cache.clear(); // a news write while the loaders ran
    expect(cache.set("k", page("stale"), claim)).toBeUndefined();
    expect(cache.get("k", 1)).toBeUndefined();
    expect(cache.set("k", page("fresh"), cache.claim("k", 1))?.body.toString()).toBe("fresh");
  });

  it("let a cachedLoader skip its work on a hit and answer the data the copy was rendered with", async () => {
    const request = new Request("http://localhost/cached-loader-test");
    let calls = 0;
    const loader = (args: { request: Request; context: Record<string, unknown> }) =>
      cachedLoader(args, async () => {
        calls++;
        return Response.json({ fresh: true });
      });
    expect(await (await loader({ request, context: {} })).json()).toEqual({ fresh: true });
    pageCache.set("system /cached-loader-test", page("x", await dataVersionNow(), { leafData: '{"cached":true}' }));
    expect(await (await loader({ request, context: {} })).json()).toEqual({ cached: true });
    const signedIn = new Request(request.url, { headers: { Cookie: "__session=abc" } });
    await loader({ request: signedIn, context: {} });
    expect(calls).toBe(2);
    pageCache.clear();
  });
});

describe("validators and script hashes", () => {
  it("matches If-None-Match lists, weak tags and *", () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", W/"a"', '"a"')).toBe(true);
    expect(etagMatches("*", '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(null, '"a"')).toBe(false);
  });

  it("hashes every inline script once and skips those with a src", () => {
    const html =
      '<script>a()</script><script type="module" async="">b()</script><script src="/x.js"></script><script>a()</script>';
    const sha = (text: string) => crypto.createHash("sha256").update(text).digest("base64");
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha("b()")]);
  });
});
