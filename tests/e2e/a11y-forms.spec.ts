import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./support/axe";

// The forms showing their errors, in both projects: without JavaScript the errors come from
// the server's 400 response, with it from the browser's validation.
// The light theme with every rule; each scan then judges the dark theme's colours on the same
// page, with JavaScript (darkColoursToo, tests/e2e/support/axe.ts), where the journey was walked again.
for (const theme of ["light"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ theme, darkColoursToo: true });

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
        await expect(page.locator(".field-error").getByText(error)).toBeVisible();
        await expect(page.getByRole("alert").getByRole("link", { name: error })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  });
}
