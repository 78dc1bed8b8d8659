import fc from "fast-check";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
// react-router-dom is what @remix-run/react is built on (pinned by it); its StaticRouter is
// enough context for the <Link>s in a card, without a Remix server.
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { NewsCard, toNewsCardArticle } from "~/components/news-card";
import { isNewsPath } from "~/components/news-pending";
import { NewsList } from "~/components/news-list";
import { newsCopy } from "~/content/news";
import { buildRobots, buildRss, buildSitemap, textToHtml } from "~/publishing/utils/feeds";
import { parseRecordId } from "~/utils/record-id";
import { safeHttpUrl } from "~/utils/safe-url";
import { buildShareLinks } from "~/utils/share-links";
import { preview } from "~/utils/text";
import { escapeXml, toRfc822 } from "~/utils/xml";
import { assertWellFormedXml, elements } from "./xml-check";

const render = (element: React.ReactElement) =>
  renderToString(createElement(StaticRouter, { location: "/news" }, element));

describe("parseRecordId", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["9007199254740991", 9007199254740991],
  ])("accepts %j", (input, expected) => expect(parseRecordId(input)).toBe(expected));

  it.each([
    undefined,
    "",
    "0",
    "-1",
    "01",
    "1abc",
    "abc",
    "1.0",
    "1e3",
    " 1",
    "1 ",
    "+1",
    "0x10",
    "9007199254740992",
    "99999999999999999999",
  ])("rejects %j", (input) => expect(parseRecordId(input)).toBeNull());

  it("round-trips every positive safe integer", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (n) => parseRecordId(String(n)) === n));
  });
});

describe("safeHttpUrl", () => {
  it("keeps http and https URLs, normalised", () => {
    expect(safeHttpUrl("https://example.org/a b.png")).toBe("https://example.org/a%20b.png");
    expect(safeHttpUrl("http://example.org/x.png")).toBe("http://example.org/x.png");
  });
  it.each([
    null,
    undefined,
    "",
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "/relative.png",
    "//evil.example/x.png",
    "x",
    "vbscript:msgbox(1)",
    "ftp://example.org/x.png",
  ])("refuses %j", (value) => expect(safeHttpUrl(value)).toBeNull());
});

describe("buildShareLinks", () => {
  it("encodes the absolute URL and the title into each network's share intent", () => {
    const links = buildShareLinks("https://charity.example.org/news/7?x=1&y=2", `Tom & Jerry's "gala" #1`);
    expect(links).toEqual([
      {
        network: "Twitter",
        href: "https://twitter.com/intent/tweet?url=https%3A%2F%2Fcharity.example.org%2Fnews%2F7%3Fx%3D1%26y%3D2&text=Tom%20%26%20Jerry's%20%22gala%22%20%231",
      },
      {
        network: "Facebook",
        href: "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fcharity.example.org%2Fnews%2F7%3Fx%3D1%26y%3D2",
      },
      {
        network: "LinkedIn",
        href: "https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fcharity.example.org%2Fnews%2F7%3Fx%3D1%26y%3D2",
      },
    ]);
  });

  it("never lets a title add or change query parameters, whatever it holds", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (title) => {
        const twitter = new URL(buildShareLinks("https://x.example/news/1", title)[0].href);
        const wellFormed = title.replace(
          /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
          "\uFFFD",
        );
        expect([...twitter.searchParams.keys()]).toEqual(["url", "text"]);
        expect(twitter.searchParams.get("url")).toBe("https://x.example/news/1");
        expect(twitter.searchParams.get("text")).toBe(wellFormed);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("XML helpers", () => {
  it("escapes the five XML specials", () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;",
    );
  });
  it("removes characters XML 1.0 cannot carry but keeps tabs, newlines and astral characters", () => {
    expect(escapeXml("a\u0000b\u0008c\u000Bd\uFFFEe\tf\ng\r😀\uDC00")).toBe("abcde\tf\ng\r😀");
  });
  it("formats RFC 822 dates in GMT", () => {
    expect(toRfc822("2025-09-01T09:00:00.000Z")).toBe("Mon, 01 Sep 2025 09:00:00 GMT");
    expect(() => toRfc822("not a date")).toThrow(RangeError);
  });
  it("turns article text into escaped HTML paragraphs", () => {
    expect(textToHtml("One <b>\nline two\r\n\r\nPara & two")).toBe(
      "<p>One &lt;b&gt;<br>line two</p><p>Para &amp; two</p>",
    );
  });
  it("produces a well-formed feed for any title and content", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }), (title, content) => {
        const xml = buildRss({
          title: "Feed",
          link: "https://x.example/news",
          selfUrl: "https://x.example/news/rss.xml",
          description: "d",
          items: [{ title, content, link: "https://x.example/news/1", publishedAt: "2025-01-01T00:00:00.000Z" }],
        });
        assertWellFormedXml(xml);
        return elements(xml, "item").length === 1;
      }),
      { numRuns: 500 },
    );
  });
  it("builds a sitemap with optional lastmod and a robots file", () => {
    const xml = buildSitemap([
      { loc: "https://x.example/a?b=1&c=2" },
      { loc: "https://x.example/news/1", lastmod: "2025-01-01T00:00:00.000Z" },
    ]);
    assertWellFormedXml(xml);
    expect(elements(xml, "loc")).toEqual(["https://x.example/a?b=1&amp;c=2", "https://x.example/news/1"]);
    expect(elements(xml, "lastmod")).toEqual(["2025-01-01T00:00:00.000Z"]);
    expect(buildRobots("https://x.example/sitemap.xml")).toBe(
      "User-agent: *\nAllow: /\nAllow: /admin/login\nDisallow: /admin\nDisallow: /api\nDisallow: /healthz\n\nSitemap: https://x.example/sitemap.xml\n",
    );
  });
});

describe("news cards", () => {
  const article = { id: 3, title: "T", content: "c", imageUrl: null, createdAt: "2025-09-01T09:00:00.000Z" };

  it("cuts card content without changing the preview a card shows", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "b", " ", "\n", "\t", ".", "é"), maxLength: 400 }),
        (content) => {
          return preview(toNewsCardArticle({ ...article, content }).content, 150) === preview(content, 150);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("drops unsafe image URLs from card data", () => {
    expect(toNewsCardArticle({ ...article, imageUrl: "javascript:alert(1)" }).imageUrl).toBeNull();
  });

  it("renders no <img> for an image URL that is not http(s), even if handed one directly", () => {
    const html = render(createElement(NewsCard, { article: { ...article, imageUrl: "javascript:alert(1)" } }));
    expect(html).not.toContain("<img");
    expect(html).not.toContain("javascript:");
    const withImage = render(
      createElement(NewsCard, { article: { ...article, imageUrl: "https://example.org/p.png" } }),
    );
    expect(withImage).toMatch(/<img src="https:\/\/example.org\/p.png" alt="" width="640" height="360" loading="lazy"/);
  });

  it("shows the empty state when there are no articles", () => {
    const html = render(createElement(NewsList, { articles: [] }));
    expect(html).toContain(newsCopy.emptyTitle);
    expect(html).toContain("We&#x27;re working on bringing you the latest updates. Check back soon!");
    expect(html).not.toContain("<ul");
  });

  it("lays cards out in a 1/2/3-column grid, all fading in at once (no delay growing with the position)", () => {
    const html = render(createElement(NewsList, { articles: [article, { ...article, id: 4 }, { ...article, id: 5 }] }));
    expect(html).toContain('class="grid grid-cols-1 gap-8 md:grid-cols-2 lg:grid-cols-3"');
    expect(html).not.toContain("animation-delay");
    expect([...html.matchAll(/href="(\/news\/\d+)"/g)].map((m) => m[1])).toEqual(["/news/3", "/news/4", "/news/5"]);
    expect(html).not.toContain(newsCopy.emptyTitle);
  });

  it("recognises the paths the news spinner waits for", () => {
    expect(["/news", "/news/", "/news/12"].every(isNewsPath)).toBe(true);
    expect(["/", "/newsletter", "/news/1/edit", "/about"].some(isNewsPath)).toBe(false);
  });
});
