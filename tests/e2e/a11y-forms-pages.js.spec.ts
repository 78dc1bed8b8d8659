import { expect, expectNoAxeViolations, test } from "./support/axe";
import { createPledge } from "~/models/pledge.server";
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
        await expectNoAxeViolations(page);
      });
    }
  });
}
