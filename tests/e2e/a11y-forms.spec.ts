import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";
import { createPledge } from "~/models/pledge.server";
import { e2eDb } from "./support/db";

type Theme = "light" | "dark";

/**
 * axe runs as a script in the page, which a JavaScript-off browser cannot do. So each test gets
 * its own context with scripting on; in the no-js project the app's bundles are blocked, so
 * what axe judges is exactly the server-rendered page a visitor without JavaScript gets.
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

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function thankYouPath(): Promise<string> {
  const pledge = await createPledge(e2eDb(), {
    type: "monthly",
    amountPence: 4250,
    firstName: "Axe",
    lastName: "Checker",
    email: "axe@example.com",
    inHonour: true,
  });
  return `/donate/thank-you/${pledge.reference}`;
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ theme });

    const pages: { name: string; path: () => Promise<string> }[] = [
      { name: "/publications", path: async () => "/publications" },
      { name: "/donate", path: async () => "/donate" },
      { name: "the thank-you page", path: thankYouPath },
      { name: "/contact", path: async () => "/contact?subject=partnership" },
    ];

    for (const { name, path } of pages) {
      test(`${name} has no axe violations`, async ({ axePage: page }) => {
        const response = await page.goto(await path());
        expect(response?.status()).toBe(200);
        await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expectNoViolations(page);
      });
    }

    const invalidForms: { name: string; path: string; submit: (page: Page) => Promise<void>; error: string }[] = [
      {
        name: "/donate",
        path: "/donate",
        submit: (page) => page.getByRole("button", { name: "Donate" }).click(),
        error: "Choose an amount or enter your own",
      },
      {
        name: "/contact",
        path: "/contact",
        submit: (page) => page.getByRole("button", { name: "Send via Email" }).click(),
        error: "Full name is required",
      },
      {
        name: "/publications",
        path: "/publications",
        submit: async (page) => {
          await page.getByLabel("Email", { exact: true }).fill("nope");
          await page.getByRole("button", { name: "Subscribe" }).click();
        },
        error: "Enter a valid email address, like name@example.com",
      },
    ];

    for (const { name, path, submit, error } of invalidForms) {
      test(`${name} showing its form errors has no axe violations`, async ({ axePage: page }) => {
        await page.goto(path);
        await submit(page);
        await expect(page.getByText(error)).toBeVisible();
        await expectNoViolations(page);
      });
    }
  });
}
