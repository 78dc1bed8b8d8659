// Privacy requests with JavaScript on and off: find a person by address in any letter case,
// see everything held, download it as JSON.
import fs from "node:fs";
import { expect, test } from "./support/auth";
import { insertEnquiry, insertPledge, insertSubscription, uniqueToken } from "./support/back-office";

test.beforeEach(async ({ login }) => {
  await login();
});

test("finds everything held about an address and downloads it as JSON", async ({ page }) => {
  const email = `subject-${uniqueToken()}@example.org`;
  await insertEnquiry({ email, name: "Sam Subject", message: "Please call me" });
  const paid = await insertPledge(email, 2500, true);
  await insertSubscription(email);

  await page.goto("/admin/dashboard/privacy");
  await expect(page.getByRole("link", { name: "Privacy requests" })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("E-mail address").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("heading", { name: `Held for ${email.toUpperCase()}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Enquiries (1)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pledges (1)" })).toBeVisible();
  await expect(page.getByText(paid.reference)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Newsletter subscription (1)" })).toBeVisible();
  await expect(page.getByText(/Paid pledges and their payments are kept/)).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download as JSON" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d\d-\d\d\.json$/);
  const body = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
  expect(body.enquiries.map((e: { message: string }) => e.message)).toEqual(["Please call me"]);
  expect(body.pledges[0]).toMatchObject({ reference: paid.reference, payments: [{ amount_pence: 2500 }] });
  expect(body.newsletter).toHaveLength(1);
});

test("an address that is not one is refused with the input kept; an unknown one holds nothing", async ({ page }) => {
  await page.goto("/admin/dashboard/privacy?email=not-an-address");
  await expect(page.getByLabel("E-mail address")).toHaveValue("not-an-address");
  await expect(page.locator(".field-error").getByText("Enter a valid email address")).toBeVisible();
  await page.goto(`/admin/dashboard/privacy?email=nobody-${uniqueToken()}@example.org`);
  await expect(page.getByText("Nothing is held for this e-mail address.")).toBeVisible();
});
