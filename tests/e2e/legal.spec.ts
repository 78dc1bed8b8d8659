import { expect, test } from "@playwright/test";
import { site } from "~/content/site";
import { SERVER_ONLY } from "./support/projects";

test(
  "the privacy policy says what the site stores, why, for how long and how to have it removed",
  SERVER_ONLY,
  async ({ page }) => {
    const response = await page.goto("/privacy");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`Privacy Policy | ${site.name}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /stores about you/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    const main = page.getByRole("main");
    await expect(main.getByRole("term")).toHaveText([
      "Theme cookie",
      "Staff session cookie",
      "Contact enquiries",
      "Volunteer applications",
      "Donation pledges",
      "Event tickets",
      "Newsletter addresses",
    ]);
    await expect(main.getByText(/expires after one year/)).toBeVisible();
    await expect(main.getByText(/expires after 30 days at the latest/)).toBeVisible();
    await expect(main.getByText(/the time you gave your consent/)).toBeVisible();
    await expect(main.getByRole("heading", { name: "Your rights and how to ask for removal" })).toBeVisible();
    await expect(main.getByRole("link", { name: site.email })).toHaveAttribute("href", `mailto:${site.email}`);
  },
);

test("the terms of use are a real page", SERVER_ONLY, async ({ page }) => {
  const response = await page.goto("/terms");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`Terms of Use | ${site.name}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Use");
  const main = page.getByRole("main");
  await expect(main.getByText(`registered charity number ${site.charityNumber}`, { exact: false })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Donations and pledges" })).toBeVisible();
  await expect(main.getByText(/no card payment is taken on this website/)).toBeVisible();
  await expect(main.getByRole("link", { name: site.email })).toHaveAttribute("href", `mailto:${site.email}`);
});

test("the footer's Privacy Policy and Terms of Use links open these pages", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Use" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Use");
});
