import { expect, expectNoAxeViolations, test } from "./support/axe";
import { createPledge } from "~/giving/models/pledge.server";
import { e2eDb } from "./support/db";

// The form pages in both themes, as hydrated.
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

// The light theme with every rule; each scan then judges the dark theme's colours on the same
// page, with JavaScript (darkColoursToo, tests/e2e/support/axe.ts), where the journey was walked again.
for (const theme of ["light"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ theme, darkColoursToo: true });

    const pages: { name: string; path: () => Promise<string> }[] = [
      { name: "/publications", path: async () => "/publications" },
      { name: "/donate", path: async () => "/donate" },
      { name: "the thank-you page", path: thankYouPath },
      { name: "/contact", path: async () => "/contact?subject=partnership" },
    ];

    test("the contact confirmation has no axe violations", async ({ axePage: page }) => {
      // The page's request context shares the browser's cookies: the post sets the receipt cookie.
      const post = await page.request.post("/contact", {
        form: { name: "Axe Checker", email: "axe@example.com", subject: "general", message: "Hi", channel: "email" },
        maxRedirects: 0,
      });
      expect(post.status()).toBe(303);
      await page.goto("/contact/sent");
      await expect(page.getByRole("heading", { level: 1, name: "Thank you, we have your message" })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    for (const { name, path } of pages) {
      test(`${name} has no axe violations`, async ({ axePage: page }) => {
        const response = await page.goto(await path());
        expect(response?.status()).toBe(200);
        await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expectNoAxeViolations(page);
      });
    }
  });
}
