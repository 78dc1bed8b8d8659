import { expect, test } from "@playwright/test";
import { axeScanner } from "./support/axe";

// The shell (navbar, menus, footer) against WCAG 2.2 AA too, which adds target sizes.
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

for (const theme of ["light", "dark"] as const) {
  for (const viewport of [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 390, height: 844 },
  ]) {
    test(`the shell has no accessibility violations on a ${viewport.name} in the ${theme} theme`, async ({
      page,
      context,
      baseURL,
    }) => {
      await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
      await page.setViewportSize(viewport);
      await page.goto("/about");
      if (viewport.name === "phone") await page.getByText("Menu", { exact: true }).click();
      else
        await page
          .getByRole("navigation", { name: "Main" })
          .getByRole("link", { name: "Projects", exact: true })
          .hover();
      const results = await axeScanner(page).withTags(TAGS).analyze();
      expect(results.violations).toEqual([]);
    });
  }
}

test("on a phone the home link keeps the charity's full name for screen readers", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/about");
  await expect(page.getByRole("banner").getByRole("link", { name: "Community Health Aid UK" })).toBeVisible();
});
