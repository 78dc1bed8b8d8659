import { expect, test } from "@playwright/test";
import { axeFor } from "./support/axe";
import { createArticle, deleteArticle, uniqueTitle } from "./support/db";

const created: number[] = [];
test.afterAll(async () => {
  for (const id of created.splice(0)) await deleteArticle(id);
});

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    });

    // Cards fade in; axe must judge the settled colours, not a half-transparent frame.
    test.use({ reducedMotion: "reduce" });

    const pages: { name: string; path: (baseURL: string) => Promise<string>; status: number }[] = [
      { name: "the news list", path: async () => "/news", status: 200 },
      {
        name: "an article with an image",
        path: async (baseURL) => {
          const row = await createArticle({
            title: uniqueTitle("Accessible article"),
            content: "A paragraph.\n\nAnother paragraph.",
            imageUrl: `${baseURL}/logo.svg`,
            createdAt: "2002-01-01T00:00:00.000Z",
          });
          created.push(row.id);
          return `/news/${row.id}`;
        },
        status: 200,
      },
      { name: "the article-not-found page", path: async () => "/news/999999999", status: 404 },
    ];

    for (const { name, path, status } of pages) {
      test(`${name} has no axe violations`, async ({ page, baseURL }) => {
        const response = await page.goto(await path(baseURL!));
        expect(response?.status()).toBe(status);
        await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
        const results = await (await axeFor(page)).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
          [],
        );
      });
    }
  });
}
