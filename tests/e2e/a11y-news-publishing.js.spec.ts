// axe on the publishing pages, in both themes: a later page of /news, a staff preview of a
// draft (with its badge and notice), the staff list with search and pages, and the article
// form with its new fields, hydrated (their server markup is the same).
import { signIn } from "./support/auth";
import { expect, expectNoAxeViolations, test } from "./support/axe";
import { createArticle, deleteArticle, uniqueTitle } from "./support/db";

const created: number[] = [];
test.afterAll(async () => {
  for (const id of created.splice(0)) await deleteArticle(id);
});

// The light theme with every rule; each scan then judges the dark theme's colours on the same
// page, with JavaScript (darkColoursToo, tests/e2e/support/axe.ts), where the journey was walked again.
for (const theme of ["light"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ theme, darkColoursToo: true });

    test("a later page of /news has no axe violations", async ({ axePage }) => {
      for (let i = 0; i < 13; i++) {
        const row = await createArticle({
          title: uniqueTitle("Paged"),
          content: "Old news.",
          // Before every other test's articles, so they never push those off the first page.
          createdAt: "1990-02-02T00:00:00.000Z",
        });
        created.push(row.id);
      }
      expect((await axePage.goto("/news/page/2"))?.status()).toBe(200);
      await expect(axePage.getByRole("navigation", { name: "News pages" })).toBeVisible();
      await expectNoAxeViolations(axePage);
    });

    test("a staff preview of a draft, the staff list and the article form have no axe violations", async ({
      axePage,
      baseURL,
    }) => {
      // Three full axe scans in one test.
      test.setTimeout(90_000);
      await signIn(axePage.context(), baseURL!);
      const row = await createArticle({
        title: uniqueTitle("Draft for axe"),
        content: "Not yet. Soon.",
        status: "draft",
      });
      created.push(row.id);
      await axePage.goto(`/news/${row.id}`);
      await expect(axePage.getByRole("status")).toBeVisible();
      await expectNoAxeViolations(axePage);

      await axePage.goto(`/admin/dashboard/news?q=${encodeURIComponent("Draft for axe")}`);
      await expect(axePage.getByRole("search")).toBeVisible();
      await expectNoAxeViolations(axePage);

      await axePage.goto("/admin/dashboard/news/new");
      await expect(axePage.getByLabel("Publish time (UK time)")).toBeVisible();
      await expectNoAxeViolations(axePage);
    });
  });
}
