// axe on the team and account pages, hydrated (their server markup is the same), in both themes.
import { signIn } from "./support/auth";
import { expect, expectNoAxeViolations, test } from "./support/axe";

// The light theme with every rule; each scan then judges the dark theme's colours on the same
// page, with JavaScript (darkColoursToo, tests/e2e/support/axe.ts), where the journey was walked again.
for (const theme of ["light"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ theme, darkColoursToo: true });

    test("sign-in helpers and bad links have no axe violations", async ({ axePage: page }) => {
      for (const path of [
        "/admin/forgot-password",
        `/admin/invitation/${"A".repeat(43)}`,
        `/admin/reset-password/${"A".repeat(43)}`,
      ]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });

    test("team, invite, account and two-step pages have no axe violations", async ({ axePage: page, baseURL }) => {
      test.setTimeout(90_000);
      await signIn(page.context(), baseURL!);
      for (const path of [
        "/admin/dashboard/team",
        "/admin/dashboard/team/invite",
        "/admin/dashboard/team/1",
        "/admin/dashboard/account",
        "/admin/dashboard/account/two-step",
      ]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });
  });
}
