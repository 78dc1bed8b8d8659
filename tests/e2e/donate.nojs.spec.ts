import { expect, test } from "@playwright/test";
import { e2eDb, uniqueEmail } from "./support/db";

test("without JavaScript both amounts reach the server, which takes the custom one", async ({ page }) => {
  const email = uniqueEmail("nojs-donor");
  await page.goto("/donate");
  await page.getByRole("radio", { name: "£250", exact: true }).check();
  await page.getByLabel("Custom amount (£)").fill("7");
  // Nothing on the page clears the other choice: the rule is applied by the server.
  await expect(page.getByRole("radio", { name: "£250", exact: true })).toBeChecked();
  await page.getByLabel("First name").fill("No");
  await page.getByLabel("Last name").fill("Script");
  await page.getByLabel("Email address").fill(email);

  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/donate"),
    page.getByRole("button", { name: "Donate" }).click(),
  ]);
  expect(response.status()).toBe(303);
  expect(response.request().postData()).toContain("amount=250");
  await expect(page.getByText("£7", { exact: true })).toBeVisible();
  const [pledge] = await e2eDb().selectFrom("pledges").selectAll().where("email", "=", email).execute();
  expect(pledge.amount_pence).toBe(700);
});

test("without JavaScript an invalid pledge is answered with a 400 and the form again", async ({ page }) => {
  await page.goto("/donate");
  await page.getByLabel("First name").fill("Kept");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/donate"),
    page.getByRole("button", { name: "Donate" }).click(),
  ]);
  expect(response.status()).toBe(400);
  await expect(page.locator(".field-error").getByText("Choose an amount or enter your own")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Kept");
});

test("without JavaScript a refused donation starts with a summary, on a phone's first screen, linking to the postcode", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 664 });
  await page.goto("/donate");
  await page.getByRole("radio", { name: "£25", exact: true }).check();
  await page.getByLabel("First name").fill("Post");
  await page.getByLabel("Last name").fill("Code");
  await page.getByLabel("Email address").fill(uniqueEmail("summary-donor"));
  await page.getByRole("checkbox", { name: "Yes, add Gift Aid" }).check();
  await page.getByLabel("House name or number").fill("1");
  await page.getByLabel("Street").fill("High Street");
  await page.getByLabel("Town or city").fill("Leeds");
  await page.getByLabel("Postcode").fill("75001");
  await page.getByRole("button", { name: "Donate" }).click();

  const summary = page.getByRole("alert");
  await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
  const link = summary.getByRole("link", { name: /^Enter a UK postcode/ });
  await expect(link).toBeInViewport();
  await expect(summary.getByRole("listitem")).toHaveCount(1);
  await link.click();
  await expect(page).toHaveURL(/#donate-postcode$/);
  await expect(page.getByLabel("Postcode")).toBeInViewport();
  await expect(page.getByLabel("Postcode")).toHaveValue("75001");
});
