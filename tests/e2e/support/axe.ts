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
/** Pages whose every light-theme scan also judges the dark theme's colours in place (`darkColoursToo`). */
const darkColoursToo = new WeakSet<Page>();

export const test = base.extend<{ theme: Theme; darkColoursToo: boolean; axePage: Page }>({
  theme: ["light", { option: true }],
  // With JavaScript, each expectNoAxeViolations in the light theme then judges the same page in the
  // dark theme on the colour rules (expectNoDarkThemeColourViolations), so a journey is walked once
  // for both themes. Without JavaScript the dark theme is not scanned (playwright.config.ts).
  darkColoursToo: [false, { option: true }],
  axePage: async ({ browser, baseURL, theme, darkColoursToo: both }, use, testInfo) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: true, reducedMotion: "reduce" });
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    if (testInfo.project.use.javaScriptEnabled === false) {
      await context.route(/\/build\/.*\.js(\?.*)?$/, (route) => route.abort());
    }
    const page = await context.newPage();
    if (both && theme === "light" && testInfo.project.use.javaScriptEnabled !== false) darkColoursToo.add(page);
    await use(page);
    await context.close();
  },
});

export { expect };

/**
 * The rules whose answer depends on colours. The dark theme changes colours only (Tailwind's
 * `dark:` classes on the same markup), so a page scanned in the dark theme is judged on these
 * alone: its structure, names and landmarks are the light scan's. The one element only the dark
 * theme shows, the "Switch to light theme" button, is judged by every rule in the shell's own
 * dark scans (a11y-shell.js.spec.ts). A colour-only scan took about 60 % of a full one (measured
 * on six public and staff pages, 2026-11-28).
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * An axe scanner that reports violations only: the passes and the rules that did not apply,
 * which no test reads, are not gathered nor sent back (a11y-content's 17 light scans: the test
 * runner's CPU 10.2 → 9.2 s, summed test time 38 → 36 s, two runs each, 2026-11-28).
 * `options` replaces the builder's options, so it comes before withTags and withRules.
 */
export function axeScanner(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
}

/** An axe scan of the page as it is: every rule of `tags`, or only COLOUR_RULES on a page in the dark theme. */
export async function axeFor(page: Page, tags: string[] = AXE_TAGS): Promise<AxeBuilder> {
  const dark = /\bdark\b/.test((await page.locator("html").getAttribute("class")) ?? "");
  const builder = axeScanner(page);
  return dark ? builder.withRules(COLOUR_RULES) : builder.withTags(tags);
}

export async function expectNoAxeViolations(page: Page, tags: string[] = AXE_TAGS): Promise<void> {
  const results = await (await axeFor(page, tags)).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  // A page of the app in the light theme (not, say, an e-mail shown on its own) is judged dark too.
  if (darkColoursToo.has(page) && /\blight\b/.test((await page.locator("html").getAttribute("class")) ?? "")) {
    await expectNoDarkThemeColourViolations(page, tags);
  }
}

/**
 * The page as the dark theme shows it, judged on COLOUR_RULES without loading it again: `dark`
 * put on <html> in place of `light`, which is all the server renders differently for the dark
 * cookie (app/root.tsx), colour transitions let finish, then the light theme put back. For pages
 * only opened; the real dark page, from the cookie, is scanned in a11y-shell and the feature specs.
 */
export async function expectNoDarkThemeColourViolations(page: Page, tags: string[] = AXE_TAGS): Promise<void> {
  const html = page.locator("html");
  const toTheme = (theme: Theme) =>
    html.evaluate((element, theme) => {
      element.classList.remove("light", "dark");
      element.classList.add(theme);
      return Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      );
    }, theme);
  const background = () => page.locator("body").evaluate((body) => getComputedStyle(body).backgroundColor);
  const light = await background();
  await toTheme("dark");
  // The dark theme's colours did apply (else the scan below would judge the light page again).
  expect(await background()).not.toBe(light);
  const results = await (await axeFor(page, tags)).analyze();
  expect(
    results.violations.map((v) => `dark theme ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
  await toTheme("light");
}
