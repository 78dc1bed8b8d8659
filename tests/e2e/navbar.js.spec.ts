import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/hydration";

test("the bar changes appearance once the page has scrolled 50 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto("/contact");
  const header = page.getByRole("banner");
  await expect(header).toHaveAttribute("data-scrolled", "false");
  await page.evaluate(() => window.scrollTo(0, 40));
  await expect(header).toHaveAttribute("data-scrolled", "false");
  await page.evaluate(() => window.scrollTo(0, 120));
  await expect(header).toHaveAttribute("data-scrolled", "true");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-scrolled", "false");
});

test("a submenu opens and closes on tap of its toggle, and Escape closes it", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const toggle = nav.getByRole("button", { name: "About submenu" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await waitForHydration(toggle); // server-rendered, it does nothing until React attaches its handler
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.mouse.move(0, 600); // away from the menu: only the toggle keeps it open
  await expect(nav.getByRole("link", { name: "Our Team" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
});

test("a submenu opens from the keyboard only when asked, and closes with Escape or when Tab leaves it", async ({
  page,
}) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const toggle = nav.getByRole("button", { name: "About submenu" });
  const about = nav.getByRole("link", { name: "About", exact: true });
  await waitForHydration(toggle);
  await about.focus();
  await page.keyboard.press("Tab");
  await expect(toggle).toBeFocused();
  await expect(nav.getByRole("link", { name: "Contact Us" })).toBeHidden();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Contact Us" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
  await expect(nav.getByRole("link", { name: "Contact Us" })).toBeHidden();
  // Open, then Tab through its four links and on: it closes behind.
  await page.keyboard.press("Enter");
  for (let tab = 0; tab < 5; tab += 1) await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Projects", exact: true })).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(nav.getByRole("link", { name: "Our Team" })).toBeHidden();
});

test.describe("mobile menu with JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("closes itself after navigating", async ({ page }) => {
    await page.goto("/");
    await page.getByText("Menu", { exact: true }).click();
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "News", exact: true }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(nav.getByRole("link", { name: "Publications" })).toBeHidden();
  });
});
