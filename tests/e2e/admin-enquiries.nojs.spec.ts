// Without JavaScript: deleting an enquiry goes through a confirmation page.
import { enquiryMessages } from "~/content/enquiries";
import { expect, test } from "./support/auth";
import { insertEnquiry } from "./support/back-office";

test.beforeEach(async ({ login }) => {
  await login();
});

test("delete shows a confirmation page; Cancel keeps the enquiry, Delete removes it", async ({ page }) => {
  const enquiry = await insertEnquiry();
  await page.goto(`/admin/dashboard/enquiries/${enquiry.id}`);
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(new RegExp(`/enquiries/${enquiry.id}/delete$`));
  await expect(page.getByRole("heading", { name: "Delete Enquiry" })).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/enquiries/${enquiry.id}$`));

  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/enquiries$/);
  const gone = await page.goto(`/admin/dashboard/enquiries/${enquiry.id}`);
  expect(gone?.status()).toBe(404);
  // The staff error boundary answers inside the dashboard: its navigation stays, with a way back.
  await expect(page.getByRole("alert").getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(page.getByText(enquiryMessages.notFound)).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Enquiries" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Statistics" })).toBeVisible();
});
