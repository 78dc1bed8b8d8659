import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArticleList } from "~/components/admin/article-list";

describe("the admin article list", () => {
  it("says 'No news articles yet.' when there are none", () => {
    const html = renderToStaticMarkup(createElement(ArticleList, { articles: [] }));
    expect(html).toContain("No news articles yet.");
    expect(html).not.toContain("<ul");
  });
});
