// axe on the small donations (GASDS) page, with a list and with form errors, and on the
// Statistics tab's charts, light and dark.
import { randomUUID } from "node:crypto";
import { signIn } from "./support/auth";
import { expect, expectNoAxeViolations, test } from "./support/axe";
import { freshTaxYear, reservedTaxYear, seedSmallDonation } from "./support/small-donations";
import { HYDRATED_ONLY } from "./support/projects";

// The light theme with every rule; each scan then judges the dark theme's colours on the same
// page, with JavaScript (darkColoursToo, tests/e2e/support/axe.ts), where the journey was walked again.
for (const theme of ["light"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ theme, darkColoursToo: true });

    test("the small donations page, with donations and with errors", async ({ axePage: page, baseURL }, testInfo) => {
      const year = reservedTaxYear("a11y", testInfo.project.name);
      await freshTaxYear(year, 50_000);
      await seedSmallDonation(`${year}-05-01`, 2_500, `Gala ${randomUUID().slice(0, 6)}`, "gift");
      await seedSmallDonation(`${year}-05-02`, 4_000, "Fete", "gift");
      await signIn(page.context(), baseURL!);
      await page.goto(`/admin/dashboard/gift-aid/small-donations?year=${year}`);
      await expect(page.getByRole("table", { name: `Small donations in ${year} to ${year + 1}` })).toBeVisible();
      await expectNoAxeViolations(page);
      const form = page.getByRole("region", { name: "Record a small donation" });
      await form.getByLabel("Amount (£)").fill("nothing");
      await form.getByRole("button", { name: "Record the small donation" }).click();
      await expect(form.locator(".field-error").getByText("Enter an amount in pounds, like 25 or 25.50")).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("the Statistics tab with its charts", HYDRATED_ONLY, async ({ axePage: page, baseURL }) => {
      await signIn(page.context(), baseURL!);
      await page.goto("/admin/dashboard/stats");
      await expect(page.getByRole("table", { name: "Gift Aid claimed per tax year" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
