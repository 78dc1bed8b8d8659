import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";
import { getInvolvedPages } from "~/content/get-involved";
import { projects } from "~/content/projects";

const pages = [
  "/",
  "/about",
  "/about/team",
  "/about/history",
  "/about/faq",
  "/projects",
  "/projects/recent",
  // One Active and one other project, for both badge colours.
  `/projects/${projects.find((p) => p.status === "Active")!.slug}`,
  `/projects/${projects.find((p) => p.status !== "Active")!.slug}`,
  "/get-involved",
  ...getInvolvedPages.map((p) => `/get-involved/${p.slug}`),
  "/privacy",
  "/terms",
];

type Theme = "light" | "dark";

/**
 * axe runs as a script in the page, which a JavaScript-off browser cannot do. So each test gets
 * its own context with scripting on; in the no-js project the app's bundles are blocked, so
 * what axe judges is the server-rendered page a visitor without JavaScript gets (no Pause
 * button, dot links instead of buttons' behaviour). News cards fade in: reduced motion lets
 * axe judge the settled colours rather than a half-transparent frame.
 */
const test = base.extend<{ theme: Theme; axePage: Page }>({
  theme: ["light", { option: true }],
  axePage: async ({ browser, baseURL, theme }, use, testInfo) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: true, reducedMotion: "reduce" });
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    if (testInfo.project.use.javaScriptEnabled === false) {
      await context.route(/\/build\/.*\.js(\?.*)?$/, (route) => route.abort());
    }
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ theme });

    for (const path of pages) {
      test(`${path} has no axe violations`, async ({ axePage: page }, testInfo) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
        if (path === "/" && testInfo.project.use.javaScriptEnabled !== false) {
          // Judge the page once JavaScript has taken over the slideshow.
          await expect(page.getByRole("button", { name: "Play slideshow" })).toBeVisible();
        }
        // Open every disclosure so the answers' colours are checked too.
        for (const details of await page.getByRole("main").locator("details").all()) {
          await details.locator("summary").click();
        }
        const results = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
          .analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      });
    }
  });
}
