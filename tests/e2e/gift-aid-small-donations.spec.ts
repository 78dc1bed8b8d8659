// Staff journeys, with JavaScript on and off: record small donations (GASDS), see the claim for
// the tax year (the £30 rule and HMRC's matching rule), download its CSV, delete a mistaken one;
// then the Statistics charts and their tables.
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { expect, test } from "./support/auth";
import { freshTaxYear, reservedTaxYear, seedSmallDonation } from "./support/small-donations";

test("staff record small donations, see the GASDS claim of the tax year, download it and delete a mistake", async ({
  page,
  login,
}, testInfo) => {
  const year = reservedTaxYear("journey", testInfo.project.name);
  const place = `Charity gala ${randomUUID().slice(0, 8)}`;
  await freshTaxYear(year, 10_000); // £100 of Gift Aid donations claimed: small donations at most £1,000
  await seedSmallDonation(`${year}-07-01`, 150_000, `Street collection ${place}`); // £1,500 bucket
  await login();

  await page.goto("/admin/dashboard/gift-aid");
  await page.getByRole("link", { name: /Small donations \(GASDS\)/ }).click();
  await expect(page.getByRole("heading", { name: "Small donations (GASDS)", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: /HMRC: Claim top-up payments/ })).toHaveAttribute(
    "href",
    "https://www.gov.uk/claiming-a-top-up-payment-on-small-charitable-donations",
  );

  // A mistake first: the form comes back with the input and the error.
  const form = page.getByRole("region", { name: "Record a small donation" });
  await form.getByLabel("Date collected").fill(`${year}-09-13`);
  await form.getByLabel("Amount (£)").fill("twenty");
  await form.getByLabel("Where").fill(place);
  await form.getByRole("button", { name: "Record the small donation" }).click();
  await expect(form.locator(".field-error").getByText("Enter an amount in pounds, like 25 or 25.50")).toBeVisible();
  await expect(form.getByLabel("Where")).toHaveValue(place);

  await form.getByLabel("Amount (£)").fill("20");
  await form.getByRole("button", { name: "Record the small donation" }).click();
  await expect(page.getByRole("status")).toHaveText("Small donation recorded.");
  await expect(page.getByRole("heading", { name: `Claim for the tax year ${year} to ${year + 1}` })).toBeVisible();

  // A single gift over £30 is listed, not eligible.
  await form.getByLabel("Date collected").fill(`${year}-09-14`);
  await form.getByLabel("Amount (£)").fill("45");
  await form.getByLabel("Where").fill(place);
  await form.getByRole("button", { name: "Record the small donation" }).click();
  await expect(page.getByRole("status")).toHaveText("Small donation recorded.");

  const list = page.getByRole("table", { name: `Small donations in ${year} to ${year + 1}` });
  await expect(list.getByRole("row").filter({ hasText: "£45" })).toContainText("No: a single gift over £30");
  await expect(list.getByRole("row").filter({ hasText: "£20" })).toContainText("Yes");

  const claim = page.getByRole("region", { name: `Claim for the tax year ${year} to ${year + 1}` });
  await expect(claim.getByText("£1,520", { exact: true })).toBeVisible(); // eligible
  await expect(claim.getByText("£1,000", { exact: true }).first()).toBeVisible(); // matching limit and claim
  await expect(claim.getByText("£250", { exact: true })).toBeVisible(); // the top-up
  await expect(claim.getByText(/The matching rule cuts this claim down/)).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    claim.getByRole("link", { name: `Download the small donations of ${year} to ${year + 1} (CSV)` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`gasds-${year}-${year + 1}.csv`);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv).toContain(`${year}-09-13,20.00,cash,gift,${place},yes,admin\r\n`);
  expect(csv).toContain(`${year}-09-14,45.00,cash,gift,${place},no (a single gift over £30),admin\r\n`);
  expect(csv).toContain("Top-up (25%),250.00\r\n");

  // Delete the £45 one: with JavaScript the browser asks, without it the page does.
  page.once("dialog", (dialog) => void dialog.accept());
  await list.getByRole("button", { name: new RegExp(`^Delete £45, .*${place}`) }).click();
  if (testInfo.project.name === "no-js") {
    await expect(page.getByRole("alertdialog")).toContainText("Delete the small donation of £45");
    await page.getByRole("button", { name: "Delete it" }).click();
  }
  await expect(page.getByRole("status")).toHaveText("Small donation deleted.");
  await expect(list.getByRole("row").filter({ hasText: "£45" })).toHaveCount(0);
  await expect(list.getByRole("row").filter({ hasText: "£20" })).toHaveCount(1);

  // The tax-year picker (a GET form): the next tax year has none of these.
  await page.getByLabel("Tax year", { exact: true }).selectOption(String(year + 1));
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("heading", { name: `Claim for the tax year ${year + 1} to ${year + 2}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]year=${year + 1}$`));
  await expect(page.getByText("None recorded in this tax year.")).toBeVisible();
});

test("the Statistics tab shows money per month and Gift Aid per tax year, as charts beside tables", async ({
  page,
  login,
}, testInfo) => {
  const year = reservedTaxYear("stats", testInfo.project.name);
  await freshTaxYear(year, 10_000);
  await login();
  await page.goto("/admin/dashboard/stats");

  const months = page.getByRole("region", { name: "Money received per month" });
  const monthTable = months.getByRole("table", { name: /^Money received per month, / });
  await expect(monthTable.getByRole("columnheader")).toHaveText(["Month", "Received"]);
  await expect(monthTable.getByRole("rowheader")).toHaveCount(24);
  // The SVG is drawn, and hidden from assistive technology: the table is its accessible version.
  await expect(months.locator("svg[aria-hidden='true']")).toBeAttached();

  const giftAid = page.getByRole("region", { name: "Gift Aid claimed per tax year" });
  const yearTable = giftAid.getByRole("table", { name: "Gift Aid claimed per tax year" });
  await expect(yearTable.getByRole("columnheader")).toHaveText(["Tax year", "Donations claimed", "Gift Aid"]);
  await expect(yearTable.getByRole("row", { name: new RegExp(`^${year} to ${year + 1} `) })).toBeVisible();
  // The year with its claim has a bar.
  await expect(giftAid.locator("svg[aria-hidden='true'] rect").first()).toBeAttached();
});
