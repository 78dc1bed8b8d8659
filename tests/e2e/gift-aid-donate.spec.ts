import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { GIFT_AID_DECLARATION_VERSIONS, CURRENT_DECLARATION_VERSION } from "~/content/gift-aid";
import { e2eDb } from "./support/db";
import { waitForHydrationIfScripted } from "./support/hydration";

const declarationText = GIFT_AID_DECLARATION_VERSIONS[CURRENT_DECLARATION_VERSION];

async function openForm(page: Page) {
  await page.goto("/donate");
  // With JavaScript, wait for the page's code, so the box shows the address instead of the browser alone acting.
  await waitForHydrationIfScripted(page.locator("form#donate"));
}

async function fillDonor(page: Page, email: string) {
  await page.getByRole("radio", { name: "£50", exact: true }).check();
  await page.getByLabel("First name").fill("Gift");
  await page.getByLabel("Last name").fill("Aider");
  await page.getByLabel("Email address").fill(email);
}

test("a donor adds Gift Aid with a UK address and the thank-you page shows the declaration", async ({ page }) => {
  const email = `gift-aid-${randomUUID().slice(0, 8)}@example.com`;
  await openForm(page);
  await fillDonor(page, email);
  await expect(page.getByRole("group", { name: "Gift Aid" }).getByText(declarationText)).toBeVisible();
  await page.getByRole("checkbox", { name: "Yes, add Gift Aid" }).check();
  await page.getByLabel("Title").fill("Mrs.");
  await page.getByLabel("House name or number").fill("221B");
  await page.getByLabel("Street").fill("Baker Street");
  await page.getByLabel("Town or city").fill("London");
  await page.getByLabel("Postcode").fill("nw1 6xe");
  await page.getByRole("button", { name: "Donate" }).click();

  await expect(page.getByRole("heading", { name: "Thank you for your pledge" })).toBeVisible();
  const declaration = page.getByRole("region", { name: "Your Gift Aid declaration" });
  await expect(declaration.getByText(declarationText)).toBeVisible();
  await expect(declaration.getByText(/covers this donation, all donations you make to us in the future/)).toBeVisible();
  await expect(declaration.getByText(/To cancel your Gift Aid declaration/)).toBeVisible();
  // The address is not repeated on the page.
  await expect(page.getByText("NW1 6XE")).toHaveCount(0);

  const row = await e2eDb()
    .selectFrom("gift_aid_declarations")
    .selectAll()
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({
    title: "Mrs",
    house_name_or_number: "221B",
    postcode: "NW1 6XE",
    declaration_text: declarationText,
  });
});

test("Gift Aid without an address, or with a postcode outside the UK, shows field errors and keeps the input", async ({
  page,
}) => {
  const email = `gift-aid-bad-${randomUUID().slice(0, 8)}@example.com`;
  await openForm(page);
  await fillDonor(page, email);
  await page.getByRole("checkbox", { name: "Yes, add Gift Aid" }).check();
  await page.getByLabel("Title").fill("Dr");
  await page.getByLabel("Postcode").fill("75001");
  // Leave the field first: with JavaScript its error appears on blur and moves the button.
  await page.getByLabel("Postcode").press("Tab");
  await page.getByRole("button", { name: "Donate" }).click();

  await expect(page.locator(".field-error").getByText("House name or number is required for Gift Aid")).toBeVisible();
  await expect(page.locator(".field-error").getByText("Street is required for Gift Aid")).toBeVisible();
  await expect(page.locator(".field-error").getByText("Town or city is required for Gift Aid")).toBeVisible();
  await expect(page.locator(".field-error").getByText(/^Enter a UK postcode/)).toBeVisible();
  await expect(page.getByLabel("Postcode")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("checkbox", { name: "Yes, add Gift Aid" })).toBeChecked();
  await expect(page.getByLabel("Title")).toHaveValue("Dr");
  await expect(page.getByLabel("Postcode")).toHaveValue("75001");
  await expect(page.getByLabel("Email address")).toHaveValue(email);
  expect(await e2eDb().selectFrom("pledges").select("id").where("email", "=", email).execute()).toHaveLength(0);
});
