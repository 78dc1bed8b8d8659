import { expect, test, type Page } from "@playwright/test";
import { site } from "~/content/site";
import { e2eDb, uniqueEmail, uniqueSuffix } from "./support/db";

async function fillDonor(page: Page, email: string) {
  await page.getByLabel("First name").fill("Jo");
  await page.getByLabel("Last name").fill("Bloggs");
  await page.getByLabel("Email address").fill(email);
}

/**
 * The bank details are the charity's Settings, which tests/e2e/settings.js.spec.ts changes while
 * this runs: each is shown, in its form (the exact values are checked there).
 */
async function expectBankDetails(page: Page) {
  for (const label of ["Account name", "Sort code", "Account number", "IBAN"]) {
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
  }
  const values = page
    .locator("dl", { has: page.getByText("Sort code", { exact: true }) })
    .first()
    .getByRole("definition");
  await expect(values.nth(0)).not.toBeEmpty();
  await expect(values.nth(1)).toHaveText(/^\d{2}-\d{2}-\d{2}$/);
  await expect(values.nth(2)).toHaveText(/^\d{8}$/);
  await expect(values.nth(3)).toHaveText(/^[A-Z]{2}[0-9]{2}[0-9A-Z ]+$/);
}

const pledgeFor = (email: string) => e2eDb().selectFrom("pledges").selectAll().where("email", "=", email).execute();

test.describe("donate page", () => {
  test("shows the hero, the form and the giving information", async ({ page }) => {
    await page.goto("/donate");
    await expect(page.getByRole("heading", { level: 1, name: "Make a Difference Today" })).toBeVisible();
    await expect(page).toHaveTitle(/^Donate \| /);

    const type = page.getByRole("group", { name: "Donation type" });
    await expect(type.getByRole("radio", { name: "One-time" })).toBeChecked();
    await expect(type.getByRole("radio", { name: "Monthly" })).not.toBeChecked();

    const amount = page.getByRole("group", { name: "Amount" });
    await expect(amount.getByRole("radio")).toHaveCount(5);
    for (const pounds of [25, 50, 100, 250, 500]) {
      await expect(amount.getByRole("radio", { name: `£${pounds}`, exact: true })).not.toBeChecked();
    }
    await expect(page.getByLabel("Custom amount (£)")).toBeVisible();
    for (const label of ["First name", "Last name", "Email address"])
      await expect(page.getByLabel(label)).toBeVisible();
    await expect(page.getByLabel("Phone number (optional)")).toBeVisible();
    await expect(
      page.getByRole("checkbox", { name: "This donation is in honour or in memory of someone" }),
    ).not.toBeChecked();
    await expect(page.getByRole("button", { name: "Donate" })).toBeVisible();
    await expect(page.getByText(/We do not take card payments on this website/)).toBeVisible();

    // Value examples.
    await expect(page.getByText("General Fund")).toBeVisible();
    await expect(page.getByText("Education Support")).toBeVisible();
    await expect(page.getByText("IT equipment for online learning.")).toBeVisible();
    await expect(page.getByText("Prosthetic limb support")).toBeVisible();
    await expect(page.getByText("Fitting, physiotherapy and training for one leg.")).toBeVisible();
    for (const pounds of ["£25", "£50", "£125"])
      await expect(page.getByText(pounds, { exact: true }).last()).toBeVisible();

    // Reasons, claims, Gift Aid, bank transfer and the charity number.
    await expect(page.getByRole("heading", { name: "Why donate?" })).toBeVisible();
    await expect(page.getByText("100% of donations go to projects").first()).toBeVisible();
    await expect(page.getByText("15+ years of impact").first()).toBeVisible();
    await expect(page.getByText(/an extra 25p for every £1/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Bank transfer" })).toBeVisible();
    await expectBankDetails(page);
    await expect(page.getByRole("main").getByText(`Registered charity number ${site.charityNumber}`)).toBeVisible();
  });

  test("a valid pledge leads to a thank-you page with the reference, amount, type and bank details", async ({
    page,
  }) => {
    const email = uniqueEmail("donor");
    await page.goto("/donate");
    await page.getByRole("radio", { name: "Monthly" }).check();
    await page.getByRole("radio", { name: "£100", exact: true }).check();
    await fillDonor(page, email);
    await page.getByLabel("Phone number (optional)").fill("020 7946 0000");
    await page.getByRole("checkbox", { name: "This donation is in honour or in memory of someone" }).check();
    await page.getByRole("button", { name: "Donate" }).click();

    await expect(page).toHaveURL(/\/donate\/thank-you\/CHA-[0-9A-Z]{8}$/);
    const reference = page.url().split("/").pop()!;
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your pledge" })).toBeVisible();
    await expect(page.getByText(reference, { exact: true }).first()).toBeVisible();
    await expect(page.getByText("£100", { exact: true })).toBeVisible();
    await expect(page.getByText("Monthly", { exact: true })).toBeVisible();
    await expect(page.getByText(/no money has been taken/)).toBeVisible();
    await expectBankDetails(page);

    const [pledge] = await pledgeFor(email);
    expect(pledge).toMatchObject({
      reference,
      type: "monthly",
      amount_pence: 10000,
      in_honour: 1,
      phone: "020 7946 0000",
    });
  });

  test("a custom amount wins over a preset", async ({ page }) => {
    const email = uniqueEmail("donor");
    await page.goto("/donate");
    await page.getByRole("radio", { name: "£500", exact: true }).check();
    await page.getByLabel("Custom amount (£)").fill("42.50");
    await fillDonor(page, email);
    await page.getByRole("button", { name: "Donate" }).click();

    await expect(page).toHaveURL(/\/donate\/thank-you\/CHA-/);
    await expect(page.getByText("£42.50", { exact: true })).toBeVisible();
    await expect(page.getByText("One-time", { exact: true })).toBeVisible();
    const [pledge] = await pledgeFor(email);
    expect(pledge.amount_pence).toBe(4250);
  });

  test("a preset alone is the amount", async ({ page }) => {
    const email = uniqueEmail("donor");
    await page.goto("/donate");
    await page.getByRole("radio", { name: "£25", exact: true }).check();
    await fillDonor(page, email);
    await page.getByRole("button", { name: "Donate" }).click();
    await expect(page).toHaveURL(/\/donate\/thank-you\/CHA-/);
    await expect(page.getByText("£25", { exact: true }).first()).toBeVisible();
    expect((await pledgeFor(email))[0].amount_pence).toBe(2500);
  });

  test("an empty submission shows every error and stays on the form", async ({ page }) => {
    await page.goto("/donate");
    await page.getByRole("button", { name: "Donate" }).click();
    await expect(page.locator(".field-error").getByText("Choose an amount or enter your own")).toBeVisible();
    await expect(page.locator(".field-error").getByText("First name is required")).toBeVisible();
    await expect(page.locator(".field-error").getByText("Last name is required")).toBeVisible();
    await expect(page.locator(".field-error").getByText("Email address is required")).toBeVisible();
    await expect(page).toHaveURL(/\/donate$/);
  });

  test("invalid input is shown again with field errors and kept", async ({ page }) => {
    const email = `not-an-email-${uniqueSuffix()}`;
    await page.goto("/donate");
    await page.getByRole("radio", { name: "Monthly" }).check();
    await page.getByLabel("Custom amount (£)").fill("12.345");
    await page.getByLabel("First name").fill("Jo");
    await page.getByLabel("Last name").fill("Bloggs");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Phone number (optional)").fill("call me maybe");
    await page.getByRole("button", { name: "Donate" }).click();

    await expect(page.locator(".field-error").getByText("Use at most 2 decimal places, like 30.50")).toBeVisible();
    await expect(
      page.locator(".field-error").getByText("Enter a valid email address, like name@example.com"),
    ).toBeVisible();
    await expect(page.locator(".field-error").getByText(/^Enter a valid phone number/)).toBeVisible();
    await expect(page.getByLabel("Custom amount (£)")).toHaveValue("12.345");
    await expect(page.getByLabel("Custom amount (£)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("First name")).toHaveValue("Jo");
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    await expect(page.getByRole("radio", { name: "Monthly" })).toBeChecked();
    expect(await pledgeFor(email)).toHaveLength(0);
  });

  test("an unknown payment reference is a 404 with a way back", async ({ page }) => {
    const response = await page.goto("/donate/thank-you/CHA-00000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Pledge not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the donate page" })).toHaveAttribute("href", "/donate");
  });
});

test("a gift in honour or in memory of someone records their name", async ({ page }) => {
  const email = uniqueEmail("honour");
  await page.goto("/donate");
  await fillDonor(page, email);
  await page.getByLabel("This donation is in honour or in memory of someone").check();
  await page.getByLabel("If so, their name").fill("Rose O'Brien");
  await page.getByLabel("Custom amount (£)").fill("20");
  await page.getByRole("button", { name: /^Donate/ }).click();
  await expect(page.getByText("Your gift is in honour or in memory of the person you named")).toBeVisible();
  const [pledge] = await pledgeFor(email);
  expect(pledge).toMatchObject({ in_honour: 1, honoree_name: "Rose O'Brien" });
});
