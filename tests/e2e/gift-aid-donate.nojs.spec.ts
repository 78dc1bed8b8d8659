import { expect, test } from "@playwright/test";

test("without JavaScript the home address is always shown, marked as needed only for Gift Aid", async ({ page }) => {
  await page.goto("/donate");
  await expect(page.getByRole("checkbox", { name: "Yes, add Gift Aid" })).not.toBeChecked();
  await expect(page.getByLabel("House name or number")).toBeVisible();
  await expect(page.getByLabel("Postcode")).toBeVisible();
  await expect(page.getByText("Fill these in only if you tick Gift Aid.", { exact: false })).toBeVisible();
});
