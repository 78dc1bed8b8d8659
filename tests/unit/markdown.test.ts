import { describe, expect, it } from "vitest";
import { markdownToText, renderMarkdown } from "~/infra/markdown.server";

describe("article text (Markdown, raw HTML off)", () => {
  it("renders paragraphs, line breaks, bold, italic, links and lists", () => {
    const html = renderMarkdown(
      "The **gala** was *lovely*.\nSee [our report](https://example.org/r).\n\n- one\n- two\n\n1. first",
    );
    expect(html).toContain("<strong>gala</strong>");
    expect(html).toContain("<em>lovely</em>");
    expect(html).toContain("<br>");
    expect(html).toContain('<a href="https://example.org/r" rel="nofollow noopener">our report</a>');
    expect(html).toContain("<ul>\n<li>one</li>\n<li>two</li>\n</ul>");
    expect(html).toContain("<ol>\n<li>first</li>\n</ol>");
  });

  it("shows markup as text and links nothing but safe URLs", () => {
    const html = renderMarkdown("<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))");
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("gives plain text for previews, feeds and share descriptions", () => {
    expect(markdownToText("The **gala** was *lovely*. See [our report](https://example.org).\n\n- one")).toBe(
      "The gala was lovely. See our report.\n\none",
    );
  });
});
