import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";

export type Theme = "light" | "dark";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * axe runs as a script in the page, which a JavaScript-off browser cannot do. So each test gets
 * its own context with scripting on; in the no-js project the app's bundles are blocked, so
 * what axe judges is exactly the server-rendered page a visitor without JavaScript gets.
 * Reduced motion lets axe judge settled colours rather than a half-faded card.
 */
export const test = base.extend<{ theme: Theme; axePage: Page }>({
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

export { expect };

export async function expectNoAxeViolations(page: Page, tags: string[] = AXE_TAGS): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
