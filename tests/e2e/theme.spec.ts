import { expect, test, type Page } from "@playwright/test";
import { SERVER_ONLY } from "./support/projects";

/**
 * Clicks a theme button and waits for the server to answer the post: with JavaScript the page
 * switches at once (optimistically), before the cookie that a reload depends on is set.
 */
async function chooseTheme(page: Page, name: string) {
  await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === "/theme" && r.request().method() === "POST"),
    page.getByRole("button", { name }).click(),
  ]);
}

test.describe("theme", () => {
  test("follows the operating system when no choice was made", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).not.toHaveClass(/dark|light/);
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeHidden();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe("rgb(255, 255, 255)");
    await context.close();
  });

  test("switches to dark and back, persisted across reloads and rendered by the server", async ({ page }) => {
    await page.goto("/about");
    await chooseTheme(page, "Switch to dark theme");
    await expect(page.locator("html")).toHaveClass("dark");
    await expect(page).toHaveURL(/\/about$/);

    // The first byte of the document already carries the class: no flash of the wrong theme.
    const response = await page.reload();
    expect(await response!.text()).toContain('<html lang="en-GB" class="dark">');
    await expect(page.locator("html")).toHaveClass("dark");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe("rgb(255, 255, 255)");

    await chooseTheme(page, "Switch to light theme");
    await expect(page.locator("html")).toHaveClass("light");
    const again = await page.reload();
    expect(await again!.text()).toContain('<html lang="en-GB" class="light">');
  });

  test("an explicit light choice wins over a dark operating system", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, colorScheme: "dark" });
    await context.addCookies([{ name: "theme", value: "light", url: baseURL! }]);
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveClass("light");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(255, 255, 255)");
    await context.close();
  });

  test("an invalid theme submission is refused with a 400", SERVER_ONLY, async ({ request }) => {
    const response = await request.post("/theme", { form: { theme: "purple" } });
    expect(response.status()).toBe(400);
  });
});
