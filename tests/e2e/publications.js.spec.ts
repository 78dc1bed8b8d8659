import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/hydration";
import { uniqueEmail } from "./support/db";

test("with JavaScript the subscribe form posts in the background and the page stays put", async ({ page }) => {
  await page.goto("/publications");
  const section = page.getByRole("region", { name: "Subscribe to our newsletter" });
  const form = section.locator("form");
  await waitForHydration(form);

  const documentRequests: string[] = [];
  page.on("request", (r) => {
    if (r.isNavigationRequest()) documentRequests.push(r.url());
  });

  // Client-side validation answers before anything is sent.
  await section.getByLabel("Email", { exact: true }).fill("nope");
  await section.getByRole("button", { name: "Subscribe" }).click();
  await expect(
    section.locator(".field-error").getByText("Enter a valid email address, like name@example.com"),
  ).toBeVisible();

  await section.getByLabel("Email", { exact: true }).fill(uniqueEmail("js-reader"));
  await expect(
    section.locator(".field-error").getByText("Enter a valid email address, like name@example.com"),
  ).toBeHidden();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/publications"),
    section.getByRole("button", { name: "Subscribe" }).click(),
  ]);
  expect(new URL(response.url()).searchParams.get("_data")).toBe("routes/_public+/publications");
  await expect(section.getByRole("status")).toHaveText(/^Thank you for subscribing/);
  await expect(section.getByLabel("Email", { exact: true })).toHaveValue("");
  expect(documentRequests).toEqual([]);
});
