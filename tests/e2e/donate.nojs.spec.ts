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
  await expect(page.getByText("Choose an amount or enter your own")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Kept");
});
