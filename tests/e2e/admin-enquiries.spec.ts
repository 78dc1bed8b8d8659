// The staff inbox with JavaScript on and off: a visitor's enquiry appears, filters and search
// (a GET form), page links, the detail page, mark handled and reopen, statistics.
import { expect, test } from "./support/auth";
import { insertEnquiry, uniqueToken } from "./support/back-office";
import { uniqueName } from "./support/db";

test.beforeEach(async ({ login }) => {
  await login();
});

test("a visitor's enquiry from the contact form appears in the inbox and can be handled and reopened", async ({
  page,
}) => {
  const name = uniqueName("Visitor");
  await page.goto("/contact");
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email Address").fill("visitor@example.com");
  await page.getByLabel("Subject").selectOption({ label: "Partnership Opportunities" });
  await page.getByLabel("Message", { exact: true }).fill("First line\nSecond line <b>not bold</b>");
  await page.getByRole("button", { name: "Send via Email" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you, we have your message" })).toBeVisible();

  await page.goto(`/admin/dashboard/enquiries?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("link", { name: "Enquiries", exact: true })).toHaveAttribute("aria-current", "page");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Partnership Opportunities");
  await expect(row).toContainText("New");
  await row.getByRole("link", { name }).click();

  await expect(page.getByRole("heading", { name: "Partnership Opportunities" })).toBeVisible();
  const message = page.getByText("First line");
  await expect(message).toHaveText("First line\nSecond line <b>not bold</b>");
  expect(await message.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("pre-wrap");
  await expect(page.getByRole("link", { name: /^Reply/ })).toHaveAttribute(
    "href",
    "mailto:visitor@example.com?subject=Re%3A%20Partnership%20Opportunities",
  );

  await page.getByRole("button", { name: "Mark as handled" }).click();
  await expect(page.getByRole("button", { name: "Reopen" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "History" }).locator("..")).toContainText("Enquiry marked handled by");
  await page.getByRole("button", { name: "Reopen" }).click();
  await expect(page.getByRole("button", { name: "Mark as handled" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "History" }).locator("..")).toContainText("Enquiry reopened by");
});

test("filters by subject and status with the form, and pages through results", async ({ page }) => {
  const token = uniqueToken();
  await insertEnquiry({ name: `Filter${token} Media`, subject: "media" });
  await insertEnquiry({ name: `Filter${token} Handled`, subject: "media", status: "handled" });
  await insertEnquiry({ name: `Filter${token} General`, subject: "general" });

  await page.goto("/admin/dashboard/enquiries");
  await page.getByLabel("Search").fill(`Filter${token}`);
  await page.getByLabel("Subject").selectOption({ label: "Media Inquiry" });
  await page.getByLabel("Status").selectOption({ label: "New" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=new/);
  await expect(page).toHaveURL(/subject=media/);
  await expect(page.getByRole("row").filter({ hasText: `Filter${token} Media` })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: `Filter${token} General` })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: `Filter${token} Handled` })).toHaveCount(0);
  await expect(page.getByRole("status")).toHaveText(/^1 enquiry · page 1 of 1$/);

  // 26 matches: two pages.
  const many = uniqueToken();
  for (let i = 0; i < 26; i++) await insertEnquiry({ name: `Paged${many} ${String(i).padStart(2, "0")}` });
  await page.goto(`/admin/dashboard/enquiries?q=Paged${many}`);
  await expect(page.getByRole("status")).toHaveText(/^26 enquiries · page 1 of 2$/);
  await expect(page.getByRole("row").filter({ hasText: `Paged${many}` })).toHaveCount(25);
  await page.getByRole("navigation", { name: "Enquiry pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("row").filter({ hasText: `Paged${many}` })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: `Paged${many} 00` })).toBeVisible();
});

test("a bad filter in the address shows the reason, not an error page", async ({ page }) => {
  const response = await page.goto("/admin/dashboard/enquiries?status=open&page=0");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("Unknown status");
  await expect(page.getByRole("button", { name: "Filter" })).toBeVisible();
});

test("statistics show the live back-office figures", async ({ page }) => {
  await insertEnquiry();
  await page.goto("/admin/dashboard/stats");
  const figure = (label: string) => page.locator("dl > div").filter({ hasText: label }).locator("dd");
  await expect(figure("New Enquiries")).toHaveText(/^[1-9][\d,]*$/);
  await expect(figure("Pledges Pending")).toHaveText(/^[\d,]+$/);
  await expect(figure("Received This Month")).toHaveText(/^£[\d,.]+$/);
  await expect(figure("Received This Year")).toHaveText(/^£[\d,.]+$/);
  await expect(figure("Newsletter Subscribers")).toHaveText(/^[\d,]+$/);
  await expect(figure("News Articles")).toHaveText(/^\d+$/);
});
