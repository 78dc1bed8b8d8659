import { expect, test } from "@playwright/test";

test("without JavaScript a malformed address is answered by the server with a 400", async ({ page }) => {
  await page.goto("/publications");
  const section = page.getByRole("region", { name: "Subscribe to our newsletter" });
  await section.getByLabel("Email", { exact: true }).fill("still-not-an-email");
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/publications"),
    section.getByRole("button", { name: "Subscribe" }).click(),
  ]);
  expect(response.status()).toBe(400);
  await expect(
    section.locator(".field-error").getByText("Enter a valid email address, like name@example.com"),
  ).toBeVisible();
  await expect(section.getByLabel("Email", { exact: true })).toHaveValue("still-not-an-email");
});
