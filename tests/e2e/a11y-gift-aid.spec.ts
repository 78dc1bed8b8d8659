// axe on the Gift Aid pages: the donate form with the address shown, the thank-you page with a
// declaration, and the staff pages (list, batch, declaration), light and dark.
import { signIn } from "./support/auth";
import { expect, expectNoAxeViolations, test } from "./support/axe";
import { e2eDb } from "./support/db";
import { createDeclaredPayment, uniqueLastName } from "./support/gift-aid";
import { createClaimBatch } from "~/gift-aid/services/gift-aid-claims.server";
import { HYDRATED_ONLY } from "./support/projects";

// The light theme with every rule; each scan then judges the dark theme's colours on the same
// page, with JavaScript (darkColoursToo, tests/e2e/support/axe.ts), where the journey was walked again.
for (const theme of ["light"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ theme, darkColoursToo: true });

    test("the donate form's Gift Aid part, also with errors", async ({ axePage: page }) => {
      await page.goto("/donate");
      await expect(page.getByRole("checkbox", { name: "Yes, add Gift Aid" })).toBeVisible();
      await page.getByRole("checkbox", { name: "Yes, add Gift Aid" }).check();
      await expect(page.getByLabel("Postcode")).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Donate" }).click();
      await expect(page.locator(".field-error").getByText("Postcode is required for Gift Aid")).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("the thank-you page with a declaration", HYDRATED_ONLY, async ({ axePage: page }) => {
      const { pledge } = await createDeclaredPayment(uniqueLastName("Thanked"));
      await page.goto(`/donate/thank-you/${pledge.reference}`);
      await expect(page.getByRole("heading", { name: "Your Gift Aid declaration" })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("the staff Gift Aid list, with a row HMRC would reject", HYDRATED_ONLY, async ({ axePage: page, baseURL }) => {
      await createDeclaredPayment(uniqueLastName("Axe"));
      const rejected = await createDeclaredPayment(uniqueLastName("Rejected"));
      await e2eDb()
        .updateTable("gift_aid_declarations")
        .set({ house_name_or_number: "" })
        .where("id", "=", rejected.declarationId)
        .execute();
      await signIn(page.context(), baseURL!);
      await page.goto("/admin/dashboard/gift-aid");
      await expect(page.getByRole("heading", { name: "Rows HMRC would reject" })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("a staff claim batch page", HYDRATED_ONLY, async ({ axePage: page, baseURL }) => {
      const { paymentId } = await createDeclaredPayment(uniqueLastName("Batch"));
      const claim = await createClaimBatch({ paymentIds: [paymentId], actor: "e2e" }, e2eDb());
      await signIn(page.context(), baseURL!);
      await page.goto(`/admin/dashboard/gift-aid/claims/${claim.id}`);
      await expect(page.getByRole("heading", { name: `Claim batch ${claim.id}` })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("a staff declaration page", HYDRATED_ONLY, async ({ axePage: page, baseURL }) => {
      const { declarationId } = await createDeclaredPayment(uniqueLastName("Declared"));
      await signIn(page.context(), baseURL!);
      await page.goto(`/admin/dashboard/gift-aid/declarations/${declarationId}`);
      await expect(page.getByRole("heading", { name: "Gift Aid declaration" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
