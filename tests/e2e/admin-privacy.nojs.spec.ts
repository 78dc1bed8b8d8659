// Without JavaScript: erasure goes through a confirmation page listing what is erased and kept.
import { expect, test } from "./support/auth";
import { insertEnquiry, insertPledge, insertSubscription, uniqueToken } from "./support/back-office";

test.beforeEach(async ({ login }) => {
  await login();
});

test("erase shows a confirmation page, then deletes all but the paid pledge", async ({ page }) => {
  const email = `erase-${uniqueToken()}@example.org`;
  await insertEnquiry({ email });
  await insertPledge(email, 1000, false);
  const paid = await insertPledge(email, 2000, true);
  await insertSubscription(email);
  await page.goto(`/admin/dashboard/privacy?email=${encodeURIComponent(email)}`);
  await page.getByRole("button", { name: "Erase" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/privacy\/erase\?email=/);
  await expect(page.getByRole("heading", { name: "Erase personal data" })).toBeVisible();
  await expect(page.getByText(/Paid pledges and their payments are kept/)).toBeVisible();
  await page.getByRole("button", { name: "Erase" }).click();
  await expect(page.getByRole("status")).toHaveText(/^Erased\./);
  await expect(page.getByRole("heading", { name: "Enquiries (0)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pledges (1)" })).toBeVisible();
  await expect(page.getByText(paid.reference)).toBeVisible();
});
