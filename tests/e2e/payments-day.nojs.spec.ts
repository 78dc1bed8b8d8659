// A finance officer's day without JavaScript (issue 51 item 4): a bank credit that names no
// pledge ("J SMITH DONATION") recorded as a new supporter's gift with Gift Aid in one step from
// the statement import, the line then "Already imported", and the Payments list's day total per
// method, filtered, beside the CSV with the same filters.
import { randomInt } from "node:crypto";
import { expect, test } from "./support/auth";
import { createPledge, recordPayment, uniqueEmail, uniqueLetters } from "./support/db";

/** A day of 2023 (within the 4 years a declaration reaches back) no other test records money on, as YYYY-MM-DD and as the bank writes it. */
function quietDay(): { iso: string; bank: string; long: string } {
  const month = randomInt(1, 13);
  const day = randomInt(1, 29);
  const pad = (n: number) => String(n).padStart(2, "0");
  const long = new Date(Date.UTC(2023, month - 1, day)).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return { iso: `2023-${pad(month)}-${pad(day)}`, bank: `${pad(day)}/${pad(month)}/2023`, long };
}

test("an unmatched bank line becomes a new gift in one step, and the Payments list totals its day", async ({
  page,
  login,
}) => {
  await login();
  const day = quietDay();
  const words = `J SMITH DONATION ${uniqueLetters().toUpperCase()}`;
  const email = uniqueEmail("jsmith");
  const csv = ["Date,Description,Amount", `${day.bank},${words},30.00`, `${day.bank},RENT,-500.00`].join("\n");
  const upload = async () => {
    await page.goto("/admin/dashboard/donations/import");
    await page
      .getByLabel(/Statement \(CSV/)
      .setInputFiles({ name: "statement.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Preview" }).click();
  };

  await upload();
  await page.getByLabel("Find a pledge for line 2 (reference, name or e-mail)").fill(`J SMITH ${uniqueLetters()}`);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByRole("status").filter({ hasText: "No pledge matches" })).toBeVisible();

  await page.getByRole("link", { name: "Record line 2 as a new gift" }).click();
  await expect(page.getByRole("heading", { name: "Record a bank line as a new gift" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Bank statement line" })).toContainText(`£30 on ${day.long}`);
  await expect(page.getByRole("region", { name: "Bank statement line" })).toContainText(words);
  await page.getByLabel("A new supporter").check();
  await page.getByLabel("First name", { exact: true }).fill("Jane");
  await page.getByLabel("Last name", { exact: true }).fill("Smith");
  await page.getByLabel("E-mail address", { exact: true }).fill(email);
  await page.getByLabel("Yes, add Gift Aid").check();
  await page.getByLabel("House name or number").fill("12");
  await page.getByLabel("Street", { exact: true }).fill("High Street");
  await page.getByLabel("Town or city").fill("Leeds");
  // The donate form's rule: a UK postcode. Refused with what was typed kept.
  await page.getByLabel("Postcode").fill("12345");
  await page.getByRole("button", { name: "Record gift" }).click();
  await expect(page.getByText(/Enter a UK postcode/).first()).toBeVisible();
  await expect(page.getByLabel("E-mail address", { exact: true })).toHaveValue(email);
  await page.getByLabel("Postcode").fill("LS1 4AP");
  await page.getByRole("button", { name: "Record gift" }).click();

  await expect(page.getByText("Gift recorded. The donor's thank-you e-mail is on its way.")).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Pledge CHA-/ })).toBeVisible();
  const payments = page.getByRole("region", { name: "Payments received" });
  await expect(payments).toContainText("Bank statement");
  await expect(payments).toContainText(words);
  const giftAid = page.getByRole("region", { name: "Gift Aid", exact: true });
  await expect(giftAid).toContainText("with this pledge");
  await expect(giftAid).toContainText("claimable in the next batch: Gift Aid £7.50");

  // £10 of it given back by the bank: through the ledger, Gift Aid on the £20 the donor kept.
  await payments.getByRole("link", { name: `Refund the payment of £30 received ${day.long}` }).click();
  const dialog = page.getByRole("dialog", { name: "Record a refund" });
  await expect(dialog).toContainText("at most £30");
  await dialog.getByLabel("Amount given back (£)").fill("10");
  await dialog.getByLabel("Reason").fill("Donor gave twice by mistake");
  await dialog.getByRole("button", { name: "Record refund" }).click();
  await expect(page.getByText("Refund recorded.")).toBeVisible();
  await expect(payments).toContainText("Refund of a bank payment");
  await expect(giftAid).toContainText("claimable in the next batch: Gift Aid £5");

  // The line is imported: the same statement again does not offer it.
  await upload();
  await expect(page.getByRole("listitem").filter({ hasText: words })).toContainText("Already imported");

  // The day on the Payments list: £30 by bank and £12.50 by hand, £42.50 in all.
  const other = await createPledge({ lastName: `Hand${uniqueLetters()}`, amountPence: 1250 });
  await recordPayment(other.id, day.iso, 1250);
  await page.goto("/admin/dashboard/payments");
  await page.getByLabel("Received from").fill(day.iso);
  await page.getByLabel("Received to").fill(day.iso);
  await page.getByRole("button", { name: "Filter" }).click();
  const dayRegion = page.getByRole("region", { name: day.long, exact: true });
  await expect(dayRegion.getByText("Day total: £42.50")).toBeVisible();
  await expect(dayRegion).toContainText("Bank statement: £30 (1 payment)");
  await expect(dayRegion).toContainText("By hand: £12.50 (1 payment)");
  await expect(dayRegion.getByRole("region", { name: `Payments received ${day.long}` }).getByRole("row")).toHaveCount(
    4,
  );

  await page.getByLabel("Method", { exact: true }).selectOption("bank-import");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(dayRegion.getByText("Day total: £30")).toBeVisible();
  await expect(page.getByRole("link", { name: /Export payments \(CSV\)/ })).toHaveAttribute(
    "href",
    `/admin/dashboard/donations/payments.csv?from=${day.iso}&to=${day.iso}&method=bank-import`,
  );
});
