// The staff Donations screens, with JavaScript on and off: the list (search, filter, pages),
// a pledge (record a payment, remove one, cancel), a bank statement import and the payments export.
import fs from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/auth";
import { waitForHydration } from "./support/hydration";
import { toLondonDay } from "~/utils/dates";
import { createPledge, e2eDb, pledgeStatus, recordPayment, uniqueTitle } from "./support/db";

/** With JavaScript, wait until React is in charge, so the page's own behaviour is tested. */
async function ready(page: Page, testInfo: TestInfo) {
  if (testInfo.project.use.javaScriptEnabled !== false) await waitForHydration(page);
}

/** The UK calendar day `daysAgo` days before today, as YYYY-MM-DD. */
const ukDay = (daysAgo: number) => toLondonDay(new Date(Date.now() - daysAgo * 86_400_000));

const surname = (prefix: string) => uniqueTitle(prefix).replace(" ", "");

test("search, filter and page through the list", async ({ page, login }, testInfo) => {
  await login();
  const name = surname("Pager");
  for (let i = 0; i < 26; i++) await createPledge({ lastName: name });
  const monthly = await createPledge({ lastName: name, type: "monthly", amountPence: 1500 });
  await recordPayment(monthly.id, ukDay(0), 1500); // the standing order has started

  await page.goto("/admin/dashboard/donations");
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "Donations" })).toBeVisible();
  await page.getByLabel("Search reference, name or e-mail").fill(name.toLowerCase());
  await page.getByRole("button", { name: "Filter" }).click();
  // The address changes once the filtered list has arrived. Until then the page shows the whole
  // list, which on a fresh database holds just these 27 pledges: the same count line, and a Next
  // link to page 2 of the whole list, which other tests may have grown meanwhile.
  await expect(page).toHaveURL(new RegExp(`q=${name.toLowerCase()}`));
  await expect(page.getByText("27 pledges, page 1 of 2")).toBeVisible();
  const table = page.getByRole("region", { name: "Pledges" });
  await expect(table.getByRole("row")).toHaveCount(26);
  // Newest first: the monthly pledge was made last.
  await expect(table.getByRole("row").nth(1)).toContainText(monthly.reference);

  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page.getByText("27 pledges, page 2 of 2")).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(page).toHaveURL(/page=2/);

  await page.getByLabel("Status").selectOption("active");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=active/);
  await expect(page.getByText("1 pledge, page 1 of 1")).toBeVisible();
  await expect(table.getByRole("row").nth(1)).toContainText(monthly.reference);
  await expect(table).toContainText("Active standing order");
});

test("monthly gifts: awaiting the first payment, active, lapsed after 45 days", async ({ page, login }, testInfo) => {
  await login();
  const name = surname("Standing");
  const awaiting = await createPledge({ lastName: name, type: "monthly", amountPence: 1000 });
  const active = await createPledge({ lastName: name, type: "monthly", amountPence: 1000 });
  await recordPayment(active.id, ukDay(3), 1000);
  const lapsed = await createPledge({ lastName: name, type: "monthly", amountPence: 1000 });
  await recordPayment(lapsed.id, ukDay(60), 1000);

  await page.goto(`/admin/dashboard/donations?q=${name.toLowerCase()}`);
  await ready(page, testInfo);
  const table = page.getByRole("region", { name: "Pledges" });
  const row = (reference: string) => table.getByRole("row").filter({ hasText: reference });
  await expect(row(awaiting.reference)).toContainText("Awaiting first payment");
  await expect(row(active.reference)).toContainText("Active standing order");
  await expect(row(lapsed.reference)).toContainText("Lapsed (no payment for 45 days)");

  await page.getByLabel("Status").selectOption("lapsed");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("1 pledge, page 1 of 1")).toBeVisible();
  await expect(table.getByRole("row").nth(1)).toContainText(lapsed.reference);

  await table.getByRole("link", { name: lapsed.reference }).click();
  await expect(page.getByRole("heading", { name: `Pledge ${lapsed.reference}` })).toBeVisible();
  await expect(page.getByText("the standing order may have stopped")).toBeVisible();

  // The overview's figure for quiet standing orders opens the same filtered list.
  await page.goto("/admin/dashboard");
  await ready(page, testInfo);
  await page.getByRole("link", { name: /Monthly gifts with no payment for 45 days/ }).click();
  await expect(page).toHaveURL(/status=lapsed/);
  await expect(page.getByLabel("Status")).toHaveValue("lapsed");
});

test("an unpaid pledge older than 14 days is marked in the list", async ({ page, login }, testInfo) => {
  await login();
  const name = surname("Waiting");
  const old = await createPledge({ lastName: name });
  await e2eDb()
    .updateTable("pledges")
    .set({ created_at: new Date(Date.now() - 20 * 86_400_000).toISOString() })
    .where("id", "=", old.id)
    .execute();
  const fresh = await createPledge({ lastName: name });
  await page.goto(`/admin/dashboard/donations?status=pending&q=${name.toLowerCase()}`);
  await ready(page, testInfo);
  const table = page.getByRole("region", { name: "Pledges" });
  await expect(table.getByRole("row").filter({ hasText: old.reference })).toContainText("Unpaid for over 14 days");
  await expect(table.getByRole("row").filter({ hasText: fresh.reference })).not.toContainText("Unpaid for over");
});

test("record part of a pledge by hand, then cancel the rest", async ({ page, login }, testInfo) => {
  await login();
  const pledge = await createPledge({ lastName: surname("Payer"), amountPence: 3000 });

  await page.goto(`/admin/dashboard/donations/${pledge.id}`);
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: `Pledge ${pledge.reference}` })).toBeVisible();
  await page.getByLabel("Date received").fill("2025-10-05");
  await page.getByLabel("Amount (£)").fill("10.00");
  await page.getByLabel("Note").fill("Paid at the gala");
  // The thank-you e-mail is ticked by default (tests/e2e/receipts.spec.ts covers both ways).
  await expect(page.getByLabel("Send a thank-you e-mail")).toBeChecked();
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByRole("status")).toHaveText("Payment recorded. The donor's thank-you e-mail is on its way.");
  await expect(page.getByRole("region", { name: "Payments", exact: true })).toContainText("Paid at the gala");
  await expect(page.getByText("£20", { exact: true })).toBeVisible(); // outstanding
  await expect(page.getByRole("region", { name: "History" })).toContainText("Payment recorded by");
  expect(await pledgeStatus(pledge.id)).toBe("pending");

  await page.getByRole("link", { name: "Cancel this pledge" }).click();
  await expect(page.getByRole("heading", { name: /Cancel pledge/ })).toBeVisible();
  await ready(page, testInfo);
  await page.getByRole("button", { name: "Cancel pledge" }).click();
  // Without a reason nothing happens and the form says why.
  await expect(page.locator(".field-error").getByText("Say why the pledge is cancelled")).toBeVisible();
  await page.getByLabel("Reason").fill("Donor asked us to");
  await page.getByRole("button", { name: "Cancel pledge" }).click();
  await expect(page.getByRole("status")).toHaveText("Pledge cancelled.");
  await expect(page.getByText("Donor asked us to")).toBeVisible();
  await expect(page.getByRole("region", { name: "History" })).toContainText("Pledge cancelled by");
  expect(await pledgeStatus(pledge.id)).toBe("cancelled");
});

test("import a bank statement and confirm the proposed payment", async ({ page, login }, testInfo) => {
  await login();
  const pledge = await createPledge({ lastName: surname("Importer"), amountPence: 2500 });
  // The Starling-style fixture, naming this test's own pledge instead of the fixture's.
  const csv = fs
    .readFileSync("tests/fixtures/bank-statements/starling.csv", "utf8")
    .replaceAll("CHA-8K2MPQRS", pledge.reference);

  await page.goto("/admin/dashboard/donations/import");
  await ready(page, testInfo);
  await page
    .getByLabel(/Statement \(CSV/)
    .setInputFiles({ name: "starling.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Preview" }).click();
  const proposals = page.getByRole("region", { name: "Proposed payments" });
  const row = proposals.getByRole("row").filter({ hasText: pledge.reference });
  await expect(row).toContainText("£25 on 5 October 2025");
  await expect(row.getByRole("checkbox")).toBeChecked();
  await page.getByRole("button", { name: "Record ticked payments" }).click();
  await expect(page.getByRole("status")).toContainText("payment recorded");
  expect(await pledgeStatus(pledge.id)).toBe("paid");

  await page.goto(`/admin/dashboard/donations/${pledge.id}`);
  await expect(page.getByRole("region", { name: "Payments", exact: true })).toContainText("Bank statement");

  // The same file again: the line is recognised, not offered twice.
  await page.goto("/admin/dashboard/donations/import");
  await ready(page, testInfo);
  await page
    .getByLabel(/Statement \(CSV/)
    .setInputFiles({ name: "starling.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(proposals.getByRole("row").filter({ hasText: pledge.reference })).toContainText("Already imported");
});

test("import: a paid pledge's credit waits unticked with a warning; a line without a reference is assigned by searching", async ({
  page,
  login,
}, testInfo) => {
  await login();
  const paid = await createPledge({ lastName: surname("Settled"), amountPence: 2500 });
  await recordPayment(paid.id, "2025-10-01", 2500);
  const name = surname("Unnamed");
  const donor = await createPledge({ lastName: name, amountPence: 1500 });
  const csv = [
    "Date,Description,Amount",
    `05/10/2025,AGAIN ${paid.reference},25.00`,
    `06/10/2025,GIFT FROM ${name.toUpperCase()},15.00`,
  ].join("\n");

  await page.goto("/admin/dashboard/donations/import");
  await ready(page, testInfo);
  await page
    .getByLabel(/Statement \(CSV/)
    .setInputFiles({ name: "statement.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Preview" }).click();
  const row = page
    .getByRole("region", { name: "Proposed payments" })
    .getByRole("row")
    .filter({ hasText: paid.reference });
  await expect(row.getByRole("checkbox")).not.toBeChecked();
  await expect(row).toContainText("Not ticked: This pledge is already paid in full");

  await page.getByLabel("Find a pledge for line 3 (reference, name or e-mail)").fill(name.toLowerCase());
  await page.getByRole("button", { name: "Find" }).click();
  const choice = page.getByRole("group", { name: "Record line 3 on" });
  await choice.getByRole("radio", { name: new RegExp(donor.reference) }).check();
  await page.getByRole("button", { name: "Record ticked payments" }).click();
  // The import's "Send a thank-you e-mail to each donor" is ticked by default.
  await expect(page.getByRole("status")).toHaveText("1 payment recorded. 1 thank-you e-mail on the way.");
  expect(await pledgeStatus(donor.id)).toBe("paid");
  expect(await pledgeStatus(paid.id)).toBe("paid");
});

test("remove a payment recorded by mistake, with a reason", async ({ page, login }, testInfo) => {
  await login();
  const pledge = await createPledge({ lastName: surname("Undo"), amountPence: 2500 });
  await recordPayment(pledge.id, "2025-10-05", 2500);
  expect(await pledgeStatus(pledge.id)).toBe("paid");

  await page.goto(`/admin/dashboard/donations/${pledge.id}`);
  await ready(page, testInfo);
  await page.getByRole("link", { name: "Remove the payment of £25 received 5 October 2025" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Remove payment" });
  await expect(dialog).toContainText("Remove the payment of £25 received 5 October 2025");
  await expect(page).toHaveURL(/\/payments\/\d+\/remove$/);
  await ready(page, testInfo);

  // Without a reason nothing is removed and the dialog says why.
  await dialog.getByRole("button", { name: "Remove payment" }).click();
  await expect(dialog.locator(".field-error").getByText("Say why the payment is removed")).toBeVisible();
  expect(await pledgeStatus(pledge.id)).toBe("paid");

  await dialog.getByLabel("Reason").fill("Recorded against the wrong pledge");
  await dialog.getByRole("button", { name: "Remove payment" }).click();
  await expect(page.getByRole("status")).toHaveText("Payment removed.");
  await expect(dialog).toBeHidden();
  await expect(page.getByText("No payments recorded yet.")).toBeVisible();
  await expect(page.getByRole("region", { name: "History" })).toContainText(
    /Payment removed by \S+: £25 received 5 October 2025, by hand; status paid → pending/,
  );
  await expect(page.getByRole("region", { name: "History" })).toContainText(
    "Reason: Recorded against the wrong pledge",
  );
  expect(await pledgeStatus(pledge.id)).toBe("pending");
});

test("export the payments received between two days", async ({ page, login }, testInfo) => {
  await login();
  // The clocks went forward on 31 March 2019; 2019 is a year no other test records payments in.
  const pledge = await createPledge({ lastName: surname("Exporter"), type: "monthly", amountPence: 1000 });
  for (const day of ["2019-03-30", "2019-03-31", "2019-04-01"]) await recordPayment(pledge.id, day, 1000);

  await page.goto("/admin/dashboard/donations");
  await ready(page, testInfo);
  const form = page.getByRole("region", { name: "Export payments" });
  await form.getByLabel("Received from").fill("2019-03-31");
  await form.getByLabel("Received to").fill("2019-04-01");
  const downloading = page.waitForEvent("download");
  await form.getByRole("button", { name: "Export payments (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("payments-2019-03-31-to-2019-04-01.csv");
  const rows = fs
    .readFileSync((await download.path())!, "utf8")
    .split(/\r?\n/)
    .filter((line) => line.includes(pledge.reference));
  expect(rows.map((line) => line.split(",")[1])).toEqual(["2019-03-31", "2019-04-01"]);

  // The last day before the first: refused with the reason (in the form with JavaScript, a 400 page without).
  await page.goto("/admin/dashboard/donations");
  await ready(page, testInfo);
  await form.getByLabel("Received from").fill("2019-04-01");
  await form.getByLabel("Received to").fill("2019-03-31");
  await form.getByRole("button", { name: "Export payments (CSV)" }).click();
  // With JavaScript the message is both in the form's error summary and under the field.
  await expect(page.getByText("The last day must be on or after the first day").first()).toBeVisible();
});

test("on a phone the staff sections are a menu that opens in place, every section on screen", async ({
  page,
  login,
}) => {
  await login();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/admin/dashboard/donations");
  // The sidebar is not shown at this width; the menu is closed and names the current section.
  await expect(page.getByRole("navigation", { name: "Staff sections", exact: true })).toBeHidden();
  const menu = page.getByRole("navigation", { name: "Staff sections menu" });
  await expect(menu).toBeHidden();
  await page.getByText("Menu · Donations").click();
  const links = menu.getByRole("link");
  await expect(links.filter({ hasText: "Donations" })).toHaveAttribute("aria-current", "page");
  for (const link of await links.all()) {
    await link.scrollIntoViewIfNeeded();
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  await menu.getByRole("link", { name: "Gift Aid" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/gift-aid$/);
  await expect(page.getByText("Menu · Gift Aid")).toBeVisible();
  await expect(menu).toBeHidden();
});
