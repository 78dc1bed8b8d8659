// The newsletter's confirmation and unsubscribe pages, with JavaScript on and off.
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { linkInOutbox, listUnsubscribeHeader, subscriberStatus } from "./support/mail";

const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

async function signUp(page: Page, email: string) {
  await page.goto("/publications");
  const section = page.getByRole("region", { name: "Subscribe to our newsletter" });
  await section.getByLabel("Email", { exact: true }).fill(email);
  await section.getByRole("button", { name: "Subscribe" }).click();
  await expect(section.getByRole("status")).toHaveText(/check your inbox/);
}

test("the link in the confirmation message shows a Confirm button that confirms; opened again, it says the subscription is already confirmed", async ({
  page,
}) => {
  const email = uniqueEmail("confirm");
  await signUp(page, email);
  expect(await subscriberStatus(email)).toBe("pending");

  const link = await linkInOutbox(email, "/newsletter/confirm/");
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
  // Opening the link confirms nothing (mail scanners open links too).
  expect(await subscriberStatus(email)).toBe("pending");

  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Subscription confirmed" })).toBeVisible();
  expect(await subscriberStatus(email)).toBe("confirmed");

  const reused = await page.goto(link);
  expect(reused?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Your subscription is already confirmed" })).toBeVisible();
});

test("the unsubscribe link shows one button that unsubscribes", async ({ page }) => {
  const email = uniqueEmail("unsubscribe");
  await signUp(page, email);
  const link = await linkInOutbox(email, "/newsletter/unsubscribe/");

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe from our newsletter" })).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You are unsubscribed" })).toBeVisible();
  expect(await subscriberStatus(email)).toBe("unsubscribed");
});

test("a made-up link gets a clear 404 page", async ({ page }) => {
  for (const path of ["/newsletter/confirm/", "/newsletter/unsubscribe/"]) {
    const response = await page.goto(`${path}${"A".repeat(43)}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: /link does not work/ })).toBeVisible();
  }
});

test("a mail program's one-click unsubscribe POST needs no page, no cookie and no same-site origin", async ({
  request,
}) => {
  const email = uniqueEmail("one-click");
  const signUpResponse = await request.post("/publications", { form: { email } });
  expect(signUpResponse.status()).toBe(200);
  const header = await listUnsubscribeHeader(email);
  const link = new URL(/^<([^>]+)>$/.exec(header)![1]).pathname;
  expect(link).toMatch(/^\/newsletter\/one-click\//);
  const response = await request.post(link, {
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(response.status()).toBe(200);
  expect(await subscriberStatus(email)).toBe("unsubscribed");
});
