// axe on the Supporters pages: the list (also with a filter error), a supporter's page with
// Gift Aid cover, and the merge preview, light and dark.
import { signIn } from "./support/auth";
import { expect, expectNoAxeViolations, test } from "./support/axe";
import { uniqueToken } from "./support/back-office";
import { e2eDb } from "./support/db";
import { createDeclaredPayment, openSupporterOfPledge, uniqueLastName } from "./support/gift-aid";
import { createPledge } from "~/giving/models/pledge.server";

// The light theme with every rule; each scan then judges the dark theme's colours on the same
// page, with JavaScript (darkColoursToo, tests/e2e/support/axe.ts), where the journey was walked again.
for (const theme of ["light"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ theme, darkColoursToo: true });

    test("the supporters list, also with a filter error", async ({ axePage: page, baseURL }) => {
      await createDeclaredPayment(uniqueLastName("Listed"));
      await signIn(page.context(), baseURL!);
      await page.goto("/admin/dashboard/supporters");
      await expect(page.getByRole("heading", { name: "Supporters" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto("/admin/dashboard/supporters?to=99/99/2026");
      await expect(page.locator(".field-error").getByText("Enter the last day like 31/10/2025")).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("a supporter's page and the merge preview", async ({ axePage: page, baseURL }) => {
      const { pledge } = await createDeclaredPayment(uniqueLastName("Paged"));
      const other = `other-${uniqueToken()}@example.org`;
      await createPledge(e2eDb(), {
        type: "one-time",
        amountPence: 1000,
        firstName: "Ada",
        lastName: "Other",
        email: other,
        inHonour: false,
      });
      const supporterId = await openSupporterOfPledge(page, baseURL!, pledge.id);
      await expect(page.getByRole("heading", { name: "Timeline" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto(`/admin/dashboard/supporters/${supporterId}/merge?other=${encodeURIComponent(other)}`);
      await expect(page.getByRole("heading", { name: "What moves" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
