// With JavaScript: erasure asks with confirm(), then erases and keeps paid pledges.
import { expect, test } from "./support/auth";
import { insertEnquiry, insertPledge, insertSubscription, uniqueToken } from "./support/back-office";
import { waitForHydration } from "./support/hydration";

test.beforeEach(async ({ login }) => {
  await login();
});

test("erase asks first, then deletes all but the paid pledge and says why it stays", async ({ page }) => {
  const email = `erase-${uniqueToken()}@example.org`;
  await insertEnquiry({ email });
  await insertPledge(email, 1000, false);
  const paid = await insertPledge(email, 2000, true);
  await insertSubscription(email);
  await page.goto(`/admin/dashboard/privacy?email=${encodeURIComponent(email)}`);
  const erase = page.getByRole("button", { name: "Erase" });
  await waitForHydration(erase);
  page.once("dialog", (dialog) => void dialog.accept());
  await erase.click();
  await expect(page.getByRole("status")).toHaveText(/^Erased\./);
  await expect(page.getByRole("heading", { name: "Enquiries (0)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Newsletter subscription (0)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pledges (1)" })).toBeVisible();
  await expect(page.getByText(paid.reference)).toBeVisible();
  await expect(page.getByText(/Paid pledges and their payments are kept/)).toBeVisible();
});
