import { describe, expect, it } from "vitest";
import { PageCache } from "~/infra/page-cache.server";
import { pagesChanged, type PublicChange } from "~/site/services/pages-changed.server";

const paths = [
  "/",
  "/news",
  "/news/12",
  "/newsletters",
  "/newsletters/spring-2026",
  "/appeals/winter",
  "/fundraise/sam-runs",
  "/donate",
  "/about",
  "/api/news?limit=20&cursor=",
];

/** Which of the cached paths are still there after a change of this kind. */
function keptAfter(what: PublicChange): string[] {
  const cache = new PageCache(100, 60_000, () => 0);
  for (const path of paths) {
    cache.set(`${path.startsWith("/api/") ? "api" : "dark"} ${path}`, {
      body: Buffer.from(path),
      headers: [],
      leafData: null,
      dataVersion: 0,
    });
  }
  pagesChanged(what, cache);
  return paths.filter((path) => cache.get(`${path.startsWith("/api/") ? "api" : "dark"} ${path}`, 0) !== undefined);
}

describe("pagesChanged", () => {
  it("drops the pages that show what changed, and keeps the rest", () => {
    // All but the home page, the news pages and the news API's answer.
    expect(keptAfter("news")).toEqual(paths.slice(3, -1));
    expect(keptAfter("newsletter")).not.toContain("/newsletters/spring-2026");
    expect(keptAfter("newsletter")).toContain("/news/12");
    for (const what of ["appeal", "fundraising-page", "gift-to-cause"] as const) {
      expect(keptAfter(what)).toEqual(paths.filter((p) => !p.startsWith("/appeals/") && !p.startsWith("/fundraise/")));
    }
    expect(keptAfter("charity-settings")).toEqual([]);
  });

  it("a render in flight when pages are dropped stores nothing", () => {
    const cache = new PageCache(100, 60_000, () => 0);
    const claim = cache.claim("dark /about", 0);
    pagesChanged("news", cache);
    expect(
      cache.set("dark /about", { body: Buffer.from("x"), headers: [], leafData: null, dataVersion: 0 }, claim),
    ).toBe(undefined);
  });
});
