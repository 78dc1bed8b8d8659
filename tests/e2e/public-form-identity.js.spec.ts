// Issue 50 item 2 in a browser: a stranger gives on /donate with Bob's e-mail address, another
// name, a made-up address and Gift Aid. Bob's old gift does not become claimable; staff find the
// stranger's details waiting beside Bob's record (and reject them); Bob finds the declaration
// waiting for his confirmation at Your giving, with the name it was made in.
import { expect, test } from "@playwright/test";
import { signIn } from "./support/auth";
import { createPledge, e2eDb, recordPayment } from "./support/db";
import { uniqueLastName } from "./support/gift-aid";
import { waitForHydrationIfScripted } from "./support/hydration";
import { linkInOutbox } from "./support/mail";

test("a stranger's Gift Aid with Bob's address changes nothing of Bob's until he or staff say so", async ({
  page,
  browser,
  baseURL,
}) => {
  const lastName = uniqueLastName("Bob");
  const email = `${lastName.toLowerCase()}@example.org`;
  const bob = await createPledge({ firstName: "Bob", lastName, email, amountPence: 10000 });
  await recordPayment(bob.id, "2024-05-03", 10000);

  // The stranger, on the donate form.
  await page.goto("/donate");
  await waitForHydrationIfScripted(page.locator("form#donate"));
  await page.getByRole("radio", { name: "£50", exact: true }).check();
  await page.getByLabel("First name").fill("Mallory");
  await page.getByLabel("Last name").fill("Stranger");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("checkbox", { name: "Yes, add Gift Aid" }).check();
  await page.getByLabel("House name or number").fill("99");
  await page.getByLabel("Street").fill("Made Up Lane");
  await page.getByLabel("Town or city").fill("Nowhere");
  await page.getByLabel("Postcode").fill("SW1A 1AA");
  await page.getByRole("button", { name: "Donate" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your pledge" })).toBeVisible();
  await expect(page.getByText(lastName)).toHaveCount(0);

  // Staff: Bob's £100 is not claimable; the stranger's details wait beside his record.
  const staff = await browser.newContext({ baseURL });
  const staffPage = await staff.newPage();
  await signIn(staff, baseURL!);
  await staffPage.goto("/admin/dashboard/gift-aid");
  await expect(staffPage.getByRole("heading", { name: "Claimable payments" })).toBeVisible();
  await expect(staffPage.getByRole("checkbox", { name: /^Select (Bob|Mallory)/ })).toHaveCount(0);
  const { supporter_id } = await e2eDb()
    .selectFrom("pledges")
    .select("supporter_id")
    .where("id", "=", bob.id)
    .executeTakeFirstOrThrow();
  await staffPage.goto(`/admin/dashboard/supporters/${supporter_id}`);
  await expect(staffPage.getByRole("heading", { level: 2, name: `Bob ${lastName}` })).toBeVisible();
  const pending = staffPage.getByRole("region", { name: "Details given on public forms" });
  await expect(pending.getByText("Mallory Stranger", { exact: true })).toBeVisible();
  await expect(staffPage.getByRole("heading", { name: /waiting for confirmation/ })).toBeVisible();
  await pending.getByRole("button", { name: /^Reject/ }).click();
  await expect(staffPage.getByRole("status")).toContainText("The details are rejected");
  await expect(staffPage.getByRole("region", { name: "Details given on public forms" })).toHaveCount(0);
  await staff.close();

  // Bob at Your giving: his own name; the declaration waits for him, in the name it was made in.
  await page.goto("/giving");
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  await page.goto(await linkInOutbox(email, "/giving/link/"));
  // Opening the link only shows its button (a mail scanner's visit uses nothing); the button signs in.
  await page.getByRole("button", { name: "Sign in to Your giving" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your giving" })).toBeVisible();
  await expect(page.getByText(/Waiting for your confirmation: .*in the name Mallory Stranger/)).toBeVisible();
  const gift = page.getByRole("table", { name: "Your gifts and payments" }).getByRole("row").filter({
    hasText: bob.reference,
  });
  await expect(gift.getByRole("cell", { name: "None" })).toBeVisible();
  await page.getByRole("link", { name: /Confirm this declaration/ }).click();
  await expect(page.getByRole("heading", { name: "Confirm your Gift Aid declaration?" })).toBeVisible();
  await expect(page.getByText(/in the name Mallory Stranger, with the home address 99 Made Up Lane/)).toBeVisible();
  await page.getByRole("link", { name: "No, go back" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your giving" })).toBeVisible();
});
