// The dashboard opens on an overview of what needs the staff; every figure leads to its list.
import { expect, test } from "./support/auth";
import { insertEnquiry, uniqueToken } from "./support/back-office";

test("signing in opens the overview, and a figure leads to the list it counts", async ({ page, login }) => {
  await login();
  await insertEnquiry({ name: `Overview ${uniqueToken()}` });
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { level: 2, name: "Overview" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Overview", exact: true })).toHaveAttribute("aria-current", "page");
  const enquiries = page.getByRole("link", { name: /New enquiries/ });
  await expect(enquiries).toContainText(/\d+/);
  for (const label of [
    /Pledges awaiting payment/,
    /Monthly gifts with no payment for 45 days/,
    /Payments claimable for Gift Aid/,
    /Failed mail/,
    /Scheduled articles/,
  ])
    await expect(page.getByRole("link", { name: label })).toBeVisible();
  await enquiries.click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/enquiries\?status=new$/);
  await expect(page.getByLabel("Status")).toHaveValue("new");
});
