// Donor receipts in the staff area, with JavaScript on and off: a payment recorded with and
// without its thank-you e-mail, a donor's giving statement sent from the pledge, its link opened
// by someone who is not signed in, and the PDF downloaded; the whole tax year's send.
import fs from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/auth";
import { waitForHydration } from "./support/hydration";
import { createPledge, e2eDb, recordPayment, uniqueTitle } from "./support/db";

async function ready(page: Page, testInfo: TestInfo) {
  if (testInfo.project.use.javaScriptEnabled !== false) await waitForHydration(page);
}

const surname = (prefix: string) => uniqueTitle(prefix).replace(" ", "");

const outboxOf = (pledgeId: number, kind: string) =>
  e2eDb()
    .selectFrom("outbox")
    .select(["to_address", "text_body"])
    .where("pledge_id", "=", pledgeId)
    .where("kind", "=", kind)
    .orderBy("id")
    .execute();

test("record a payment with the thank-you e-mail, then one without", async ({ page, login }, testInfo) => {
  await login();
  const pledge = await createPledge({ lastName: surname("Thanked"), amountPence: 5000 });
  await page.goto(`/admin/dashboard/donations/${pledge.id}`);
  await ready(page, testInfo);

  const thanks = page.getByLabel("Send a thank-you e-mail");
  await expect(thanks).toBeChecked();
  await page.getByLabel("Date received").fill("2025-10-05");
  await page.getByLabel("Amount (£)").fill("20");
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByRole("status")).toHaveText("Payment recorded. The donor's thank-you e-mail is on its way.");
  const first = await outboxOf(pledge.id, "payment.donor");
  expect(first).toHaveLength(1);
  expect(first[0].to_address).toBe(pledge.email);
  expect(first[0].text_body).toContain("Amount: £20");
  expect(first[0].text_body).toContain("Received: 5 October 2025");

  await ready(page, testInfo);
  await expect(thanks).toBeChecked();
  await thanks.uncheck();
  await page.getByLabel("Date received").fill("2025-10-06");
  await page.getByLabel("Amount (£)").fill("30");
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByRole("status")).toHaveText("Payment recorded.");
  await expect(page.getByRole("region", { name: "History" })).toContainText("no thank-you e-mail");
  expect(await outboxOf(pledge.id, "payment.donor")).toHaveLength(1);
  // £20 and £30 paid the £50 pledge in full: nothing more to record, nothing to cancel.
  await expect(page.getByRole("heading", { name: "Paid in full" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Record payment" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Cancel this pledge" })).toHaveCount(0);
});

test("send a donor's statement, open its link signed out and download the PDF", async ({
  page,
  login,
  browser,
}, testInfo) => {
  await login();
  const pledge = await createPledge({ lastName: surname("Statement"), amountPence: 2500 });
  await recordPayment(pledge.id, "2025-10-05", 2500);
  await recordPayment(pledge.id, "2026-01-12", 1250);
  await page.goto(`/admin/dashboard/donations/${pledge.id}`);
  await ready(page, testInfo);

  await page.getByLabel("Tax year (6 April to 5 April)").selectOption({ label: "2025 to 2026" });
  await page.getByRole("button", { name: "Preview and send" }).click();
  await expect(page.getByRole("heading", { name: "Send the giving statement for 2025 to 2026?" })).toBeVisible();
  await expect(page.getByText("2 gifts, £37.50 in all")).toBeVisible();
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Send statement" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Giving statement sent: the e-mail with its download link is on its way.",
  );
  await expect(page.getByRole("region", { name: "History" })).toContainText("Giving statement sent by");

  const [message] = await outboxOf(pledge.id, "statement.donor");
  const path = /https?:\/\/[^\s/]+(\/statement\/[A-Za-z0-9._-]+)/.exec(message.text_body)?.[1];
  expect(path).toBeTruthy();

  // The donor: no staff session, JavaScript as in this project.
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled !== false,
  });
  const donor = await context.newPage();
  await donor.goto(path!);
  await expect(donor.getByRole("heading", { name: "Your giving statement" })).toBeVisible();
  await expect(donor.getByText("in the tax year 2025 to 2026 is ready")).toBeVisible();
  const downloading = donor.waitForEvent("download");
  await donor.getByRole("link", { name: "Download the statement (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("giving-statement-2025-to-2026.pdf");
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  const tampered = path!.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
  const refused = await donor.goto(tampered);
  expect(refused?.status()).toBe(404);
  await expect(donor.getByRole("heading", { name: "This statement link does not work" })).toBeVisible();
  await context.close();
});

test("send every donor of a tax year their statement, after a confirmation", async ({ page, login }, testInfo) => {
  await login();
  const pledge = await createPledge({ lastName: surname("Yearly"), amountPence: 2500 });
  await recordPayment(pledge.id, "2022-06-01", 2500);
  await page.goto("/admin/dashboard/donations");
  await ready(page, testInfo);
  await page.getByRole("link", { name: "Giving statements" }).click();
  await expect(page.getByRole("heading", { name: "Giving statements" })).toBeVisible();
  await ready(page, testInfo);
  await page.getByLabel("Tax year", { exact: true }).selectOption({ label: "2022 to 2023" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("heading", { name: "Tax year 2022 to 2023" })).toBeVisible();
  const send = page.getByRole("button", { name: /^Send \d+ statements?$/ });
  await expect(send).toBeVisible();
  await ready(page, testInfo);
  await send.click();
  await expect(page.getByRole("status")).toContainText("on the way for the tax year 2022 to 2023");
  await expect(page.getByRole("region", { name: "Statements sent" })).toContainText(
    "Giving statements for the tax year 2022 to 2023 e-mailed to",
  );
  expect(await outboxOf(pledge.id, "statement.donor")).toHaveLength(1);
});
