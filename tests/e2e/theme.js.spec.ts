import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/hydration";

test("with JavaScript the theme switches in place and is mirrored to localStorage", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page); // before that, the button is a plain form post
  await page.evaluate(() => window.scrollTo(0, 0));
  const navigations: string[] = [];
  page.on("framenavigated", (frame) => navigations.push(frame.url()));
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveClass("dark");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  expect(navigations).toEqual([]); // a fetcher, not a page load
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(page.locator("html")).toHaveClass("light");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
});
