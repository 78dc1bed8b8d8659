import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { PageCache, pageCacheKey, restampNonce } from "~/infra/page-cache.server";

function context(handle: unknown): EntryContext {
  return {
    staticHandlerContext: { matches: [{ route: { id: "root" } }, { route: { id: "routes/news._index" } }] },
    routeModules: { root: {}, "routes/news._index": { handle } },
  } as unknown as EntryContext;
}

const get = (url: string, cookie?: string) =>
  new Request(`http://localhost${url}`, { headers: cookie ? { Cookie: cookie } : {} });

describe("pageCacheKey", () => {
  const cacheable = context({ pageCache: true });

  it("keys anonymous GETs of opted-in routes by theme and path", () => {
    expect(pageCacheKey(get("/news"), 200, cacheable)).toBe("system http://localhost/news");
    expect(pageCacheKey(get("/news", "theme=dark"), 200, cacheable)).toBe("dark http://localhost/news");
    expect(pageCacheKey(get("/news", "theme=light; other=1"), 200, cacheable)).toBe("light http://localhost/news");
  });

  it("keeps pages for different public hosts apart, so a forged X-Forwarded-Host cannot poison the cache", () => {
    const forged = new Request("http://localhost/news", { headers: { "X-Forwarded-Host": "evil.example" } });
    expect(pageCacheKey(forged, 200, cacheable)).toBe("system http://evil.example/news");
    expect(pageCacheKey(get("/news"), 200, cacheable)).not.toBe(pageCacheKey(forged, 200, cacheable));
  });

  it("never caches for a signed-in user", () => {
    expect(pageCacheKey(get("/news", "theme=dark; __session=abc"), 200, cacheable)).toBeNull();
    expect(pageCacheKey(get("/news", "__session=abc"), 200, cacheable)).toBeNull();
  });

  it("skips routes that did not opt in, other statuses, query strings and other methods", () => {
    expect(pageCacheKey(get("/news"), 200, context(undefined))).toBeNull();
    expect(pageCacheKey(get("/news"), 200, context({ pageCache: false }))).toBeNull();
    expect(pageCacheKey(get("/news"), 404, cacheable)).toBeNull();
    expect(pageCacheKey(get("/news?page=2"), 200, cacheable)).toBeNull();
    expect(pageCacheKey(new Request("http://localhost/news", { method: "POST" }), 200, cacheable)).toBeNull();
  });
});

describe("PageCache", () => {
  it("serves a page until the data version changes", () => {
    const cache = new PageCache();
    cache.set("k", { html: "<p>a</p>", nonce: "n", dataVersion: 1 });
    expect(cache.get("k", 1)?.html).toBe("<p>a</p>");
    expect(cache.get("k", 2)).toBeUndefined();
    expect(cache.get("k", 1)).toBeUndefined(); // dropped, not resurrected
  });

  it("expires entries after the TTL", () => {
    let now = 0;
    const cache = new PageCache(10, 1000, () => now);
    cache.set("k", { html: "x", nonce: "n", dataVersion: 1 });
    now = 999;
    expect(cache.get("k", 1)).toBeDefined();
    now = 2500;
    expect(cache.get("k", 1)).toBeUndefined();
  });

  it("evicts the least recently used entry beyond its size", () => {
    const cache = new PageCache(2);
    cache.set("a", { html: "a", nonce: "n", dataVersion: 1 });
    cache.set("b", { html: "b", nonce: "n", dataVersion: 1 });
    cache.get("a", 1);
    cache.set("c", { html: "c", nonce: "n", dataVersion: 1 });
    expect(cache.get("b", 1)).toBeUndefined();
    expect(cache.get("a", 1)?.html).toBe("a");
    expect(cache.get("c", 1)?.html).toBe("c");
    expect(cache.size).toBe(2);
  });

  it("is cleared by any news write in this process", async () => {
    const { pageCache } = await import("~/infra/page-cache.server");
    const { publishArticle } = await import("~/services/news.server");
    pageCache.set("system /news", { html: "old", nonce: "n", dataVersion: 1 });
    await publishArticle({ title: "New", content: "Body" });
    expect(pageCache.size).toBe(0);
  });
});

describe("restampNonce", () => {
  it("replaces every occurrence of the old nonce", () => {
    const html = '<script nonce="OLD">a</script><script nonce="OLD">b</script>';
    expect(restampNonce({ html, nonce: "OLD" }, "NEW")).toBe(
      '<script nonce="NEW">a</script><script nonce="NEW">b</script>',
    );
  });
});
