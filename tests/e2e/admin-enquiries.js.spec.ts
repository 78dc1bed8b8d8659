// With JavaScript: deleting an enquiry asks with the browser's confirm() first.
import { expect, test } from "./support/auth";
import { insertEnquiry } from "./support/back-office";
import { waitForHydration } from "./support/hydration";

test.beforeEach(async ({ login }) => {
  await login();
});

test("delete asks first; cancelling keeps the enquiry, accepting deletes it", async ({ page }) => {
  const enquiry = await insertEnquiry();
  await page.goto(`/admin/dashboard/enquiries/${enquiry.id}`);
  const button = page.getByRole("button", { name: "Delete" });
  await waitForHydration(button);

  let dismissed = false;
  page.once("dialog", (dialog) => {
    dismissed = true;
    void dialog.dismiss();
  });
  await button.click();
  await expect.poll(() => dismissed).toBe(true);
  await expect(page).toHaveURL(new RegExp(`/enquiries/${enquiry.id}$`));

  let question = "";
  page.once("dialog", (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await button.click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/enquiries$/);
  expect(question).toMatch(/delete this enquiry/);
  await page.goto(`/admin/dashboard/enquiries?q=${encodeURIComponent(enquiry.name)}`);
  await expect(page.getByRole("status")).toHaveText("No enquiries match.");
});
