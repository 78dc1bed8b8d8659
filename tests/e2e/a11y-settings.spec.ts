// axe on the Settings page, in both themes, with an error shown (hydrated with JavaScript; in the
// no-js project the bundles are blocked, so axe judges the server-rendered page).
import { signIn } from "./support/auth";
import { expect, expectNoAxeViolations, test } from "./support/axe";
import { settingsGroup } from "./support/settings";

// The light theme with every rule; each scan then judges the dark theme's colours on the same
// page, with JavaScript (darkColoursToo, tests/e2e/support/axe.ts), where the journey was walked again.
for (const theme of ["light"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ theme, darkColoursToo: true });
    test("the settings page has no axe violations, also with a field error", async ({ axePage: page, baseURL }) => {
      await signIn(page.context(), baseURL!);
      await page.goto("/admin/dashboard/settings");
      await expect(page.getByRole("heading", { level: 2, name: "Settings" })).toBeVisible();
      await expectNoAxeViolations(page);
      // A refused value: checked in the browser with JavaScript, by the server's answer without.
      const bank = settingsGroup(page, "Bank details for donations");
      await bank.getByLabel("Sort code").fill("1");
      await bank.getByRole("button", { name: "Save bank details" }).click();
      await expect(bank.locator(".field-error").getByText(/Enter a sort code/)).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
