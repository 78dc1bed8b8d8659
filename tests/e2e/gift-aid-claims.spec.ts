import fs from "node:fs";
import { expect, test } from "./support/auth";
import { e2eDb } from "./support/db";
import { createDeclaredPayment, uniqueLastName } from "./support/gift-aid";

test("staff make a claim batch from a selected payment, download its schedule and mark it submitted", async ({
  page,
  login,
}) => {
  const lastName = uniqueLastName("Claimer");
  const { pledge, paymentId } = await createDeclaredPayment(lastName, "2026-03-05", 4321);
  await login();
  await page.goto("/admin/dashboard/gift-aid");
  await expect(page.getByRole("heading", { name: "Claimable payments" })).toBeVisible();
  await page.getByRole("checkbox", { name: `Select Ada ${lastName}, £43.21 received 05/03/26` }).check();
  await page.getByRole("button", { name: "Create a batch of the selected payments" }).click();

  await expect(page.getByRole("heading", { name: /^Claim batch \d+$/ })).toBeVisible();
  await expect(page.getByText("£43.21", { exact: true })).toBeVisible(); // total donations
  await expect(page.getByText("£10.80", { exact: true })).toBeVisible(); // Gift Aid, rounded down
  const row = page.getByRole("row").filter({ hasText: lastName });
  await expect(row.getByRole("cell")).toHaveText(["Dr", "Ada", lastName, "7", "BS1 4DJ", "", "", "05/03/26", "43.21"]);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the schedule (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^gift-aid-claim-\d+\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv).toContain(
    "Title,First name,Last name,House name or number,Postcode,Aggregated donations,Sponsored event,Donation date,Amount\r\n",
  );
  expect(csv).toContain(`Dr,Ada,${lastName},7,BS1 4DJ,,,05/03/26,43.21\r\n`);

  await page.getByRole("button", { name: "Mark as submitted" }).click();
  await expect(page.getByText("This batch was submitted to HMRC: nothing in it can change.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Delete this batch/ })).toHaveCount(0);

  const item = await e2eDb()
    .selectFrom("gift_aid_claim_items")
    .selectAll()
    .where("payment_id", "=", paymentId)
    .executeTakeFirstOrThrow();
  expect(item.last_name).toBe(lastName);
  // Claimed once: the payment no longer appears among the claimable ones.
  await page.goto("/admin/dashboard/gift-aid");
  await expect(page.getByRole("checkbox", { name: new RegExp(`Select Ada ${lastName}`) })).toHaveCount(0);
  // The pledge's page names the batch instead of offering to remove the payment.
  await page.goto(`/admin/dashboard/donations/${pledge.id}`);
  const payments = page.getByRole("region", { name: "Payments received" });
  await expect(payments.getByRole("link", { name: /^Remove/ })).toHaveCount(0);
  await payments.getByRole("link", { name: `In Gift Aid claim ${item.claim_id} (submitted)` }).click();
  await expect(page.getByRole("heading", { name: `Claim batch ${item.claim_id}` })).toBeVisible();
});

test("staff cancel a declaration with a reason", async ({ page, login }) => {
  const lastName = uniqueLastName("Canceller");
  const { declarationId } = await createDeclaredPayment(lastName);
  await login();
  await page.goto(`/admin/dashboard/gift-aid/declarations/${declarationId}`);
  await expect(page.getByText(`Dr Ada ${lastName}`)).toBeVisible();
  await page.getByRole("button", { name: "Cancel the declaration" }).click();
  await expect(page.locator(".field-error").getByText("Say why the declaration is cancelled")).toBeVisible();
  await page.getByLabel(/Reason/).fill("Donor asked by phone");
  await page.getByRole("button", { name: "Cancel the declaration" }).click();
  await expect(page.getByText(/Cancelled on .*: Donor asked by phone/)).toBeVisible();
  await expect(page.getByText(/Gift Aid declaration cancelled by .*: Donor asked by phone/)).toBeVisible();
});

test("deleting a draft batch asks first, and the payment becomes claimable again", async ({ page, login }) => {
  const lastName = uniqueLastName("Undone");
  await createDeclaredPayment(lastName, "2026-03-06", 1234);
  await login();
  await page.goto("/admin/dashboard/gift-aid");
  const checkbox = page.getByRole("checkbox", { name: `Select Ada ${lastName}, £12.34 received 06/03/26` });
  await checkbox.check();
  await page.getByRole("button", { name: "Create a batch of the selected payments" }).click();
  await expect(page.getByRole("heading", { name: /^Claim batch \d+$/ })).toBeVisible();

  const question = /^Delete Gift Aid claim batch \d+\? Its payments become claimable again\.$/;
  if (test.info().project.use.javaScriptEnabled) {
    // The browser asks; declining keeps the batch.
    page.once("dialog", (dialog) => void dialog.dismiss());
    await page.getByRole("button", { name: /Delete this batch/ }).click();
    await expect(page.getByRole("heading", { name: /^Claim batch \d+$/ })).toBeVisible();
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toMatch(question);
      void dialog.accept();
    });
    await page.getByRole("button", { name: /Delete this batch/ }).click();
  } else {
    // The page asks; Cancel keeps the batch.
    await page.getByRole("button", { name: /Delete this batch/ }).click();
    await expect(page.getByRole("alertdialog", { name: question })).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.getByRole("button", { name: /Delete this batch/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete the batch" }).click();
  }
  await expect(page).toHaveURL(/\/admin\/dashboard\/gift-aid$/);
  await expect(page.getByRole("checkbox", { name: `Select Ada ${lastName}, £12.34 received 06/03/26` })).toBeVisible();
});
