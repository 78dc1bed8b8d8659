import { expect, expectNoAxeViolations, test } from "./support/axe";

// Pages whose markup without JavaScript differs from the hydrated one: the home page's
// slideshow (dot links instead of buttons, no pause control) and the donate page's amount
// toggles. The rest is identical and is judged in the *.js.spec.ts accessibility files.
for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ theme });

    for (const path of ["/", "/donate"]) {
      test(`${path} as served without JavaScript has no axe violations`, async ({ axePage: page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.locator("html")).toHaveClass(theme);
        await expectNoAxeViolations(page);
      });
    }
  });
}
