// An admin changes the bank details in Settings with JavaScript: the fields are checked as they
// are left, the save says so, and the (cached) donate page shows the new account at once.
import { expect, test } from "./support/auth";
import { waitForHydration } from "./support/hydration";
import { forgetSettings, settingsGroup, uniqueBankDetails } from "./support/settings";

test("admin edits the bank details and the donate page shows them", async ({ page, login, browser, baseURL }) => {
  // A visitor's copy of /donate is in the page cache before the change.
  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/donate");
  await visitorPage.goto("/donate");

  await login();
  await page.goto("/admin/dashboard/settings");
  await expect(page.getByRole("heading", { level: 2, name: "Settings" })).toBeVisible();
  await waitForHydration(page);
  const bank = settingsGroup(page, "Bank details for donations");
  const details = uniqueBankDetails();

  // Checked in the browser as soon as the field is left.
  await bank.getByLabel("Sort code").fill("12345");
  await bank.getByLabel("Account number").focus();
  await expect(bank.locator(".field-error").getByText("Enter a sort code of 6 digits, like 12-34-56")).toBeVisible();
  await expect(bank.getByLabel("Sort code")).toHaveAttribute("aria-invalid", "true");

  await bank.getByLabel("Account name").fill(details.accountName);
  await bank.getByLabel("Sort code").fill(details.sortCode);
  await bank.getByLabel("Account number").fill(details.accountNumber);
  await bank.getByLabel("IBAN").fill(details.iban.toLowerCase());
  await bank.getByRole("button", { name: "Save bank details" }).click();

  await expect(page.getByRole("status")).toHaveText("Settings saved.");
  // Stored, and shown, in one form.
  await expect(bank.getByLabel("Sort code")).toHaveValue(details.shown.sortCode);
  await expect(bank.getByLabel("IBAN")).toHaveValue(details.shown.iban);
  await expect(page.getByRole("region", { name: "Changes" })).toContainText(`"${details.shown.sortCode}"`);

  await visitorPage.goto("/donate");
  const list = visitorPage.locator("dl", { has: visitorPage.getByText("Sort code", { exact: true }) }).first();
  await expect(list.getByRole("definition")).toHaveText([
    details.accountName,
    details.shown.sortCode,
    details.accountNumber,
    details.shown.iban,
  ]);
  await visitor.close();
  // Back to the placeholders, for whoever reads the bank details next.
  await forgetSettings(["accountName", "sortCode", "accountNumber", "iban"]);
});
