import { expect, test } from "@playwright/test";

test("an unknown address shows the error page with a real 404 status", async ({ page }) => {
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page.getByText("404 Not Found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  await expect(page.getByText("We could not find the page you asked for.")).toBeVisible();
  const next = page.getByRole("navigation", { name: "Where to go next" });
  await expect(next.getByRole("link", { name: "Read the latest news" })).toHaveAttribute("href", "/news");
  await expect(next.getByRole("link", { name: "Donate" })).toHaveAttribute("href", "/donate");
});
