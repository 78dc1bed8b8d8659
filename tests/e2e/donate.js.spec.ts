import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/hydration";

test("choosing a preset clears the custom amount, and typing a custom amount clears the preset", async ({ page }) => {
  await page.goto("/donate");
  await waitForHydration(page.locator("form#donate"));
  const custom = page.getByLabel("Custom amount (£)");
  const fifty = page.getByRole("radio", { name: "£50", exact: true });
  const hundred = page.getByRole("radio", { name: "£100", exact: true });

  await custom.fill("30");
  await fifty.check();
  await expect(custom).toHaveValue("");
  await expect(fifty).toBeChecked();

  await custom.pressSequentially("75");
  await expect(custom).toHaveValue("75");
  await expect(fifty).not.toBeChecked();
  await expect(page.getByRole("group", { name: "Amount" }).getByRole("radio", { checked: true })).toHaveCount(0);

  await hundred.check();
  await expect(custom).toHaveValue("");
  await expect(hundred).toBeChecked();
});

test("a refused donation moves focus to the summary at the top of the page", async ({ page }) => {
  await page.goto("/donate");
  await waitForHydration(page.locator("form#donate"));
  await page.getByLabel("First name").fill("Focus");
  await page.getByRole("button", { name: "Donate" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: "Last name is required" })).toBeVisible();
  await summary.getByRole("link", { name: "Last name is required" }).click();
  await expect(page.getByLabel("Last name")).toBeFocused();
});
