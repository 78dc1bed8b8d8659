import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/hydration";

test("with JavaScript the home address appears when Gift Aid is ticked, and goes when it is not", async ({ page }) => {
  await page.goto("/donate");
  await waitForHydration(page.locator("form#donate"));
  const box = page.getByRole("checkbox", { name: "Yes, add Gift Aid" });
  await expect(page.getByLabel("Postcode")).toBeHidden();
  await box.check();
  await expect(page.getByLabel("House name or number")).toBeVisible();
  await expect(page.getByLabel("Postcode")).toBeVisible();
  await page.getByLabel("Postcode").focus();
  await expect(page.getByLabel("Postcode")).toBeFocused();
  await box.uncheck();
  await expect(page.getByLabel("Postcode")).toBeHidden();
});
