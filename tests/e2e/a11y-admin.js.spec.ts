// axe on every staff screen, in the light and the dark theme.
import { expect, test } from "./support/auth";
import { axeFor, expectNoDarkThemeColourViolations } from "./support/axe";
import { createArticle, deleteArticle, forgetFailedSignIns, uniqueTitle } from "./support/db";

const ids: number[] = [];
test.afterAll(async () => {
  for (const id of ids.splice(0)) await deleteArticle(id);
});

async function expectNoViolations(page: import("@playwright/test").Page) {
  const results = await (await axeFor(page)).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await expectNoDarkThemeColourViolations(page);
}

// Every screen in the light theme with every rule; each scan then judges the dark theme's colours
// on the same page (expectNoDarkThemeColourViolations), where a second test opened it again.
const theme = "light";
test.describe("light theme, and the dark theme's colours", () => {
  test.use({ reducedMotion: "reduce" });
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: "theme", value: theme, url: baseURL! }]);
  });

  test("the login page, also with an error, has no axe violations", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expectNoViolations(page);
    const nobody = `nobody-${theme}-${Date.now()}`;
    await page.getByLabel("Username").fill(nobody);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await forgetFailedSignIns(nobody);
    await expectNoViolations(page);
  });

  const signedIn: { name: string; path: () => Promise<string>; ready: string }[] = [
    { name: "the overview", path: async () => "/admin/dashboard", ready: "Overview" },
    { name: "the news list", path: async () => "/admin/dashboard/news", ready: "News Management" },
    { name: "the add-article dialog", path: async () => "/admin/dashboard/news/new", ready: "Add News Article" },
    {
      name: "the edit dialog",
      path: async () => {
        const row = await createArticle({
          title: uniqueTitle("Accessible edit"),
          content: "Text",
          imageUrl: "https://example.org/a.png",
        });
        ids.push(row.id);
        return `/admin/dashboard/news/${row.id}/edit`;
      },
      ready: "Edit News Article",
    },
    {
      name: "the delete confirmation",
      path: async () => {
        const row = await createArticle({ title: uniqueTitle("Accessible delete"), content: "Text" });
        ids.push(row.id);
        return `/admin/dashboard/news/${row.id}/delete`;
      },
      ready: "Delete News Article",
    },
    { name: "the statistics tab", path: async () => "/admin/dashboard/stats", ready: "Statistics" },
  ];

  for (const { name, path, ready } of signedIn) {
    test(`${name} has no axe violations`, async ({ page, login }) => {
      await login();
      const response = await page.goto(await path());
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { name: ready, exact: true })).toBeVisible();
      await expectNoViolations(page);
    });
  }

  test("the staff area on a phone, its menu open, has no axe violations", async ({ page, login }) => {
    await login();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/dashboard/donations");
    await page.getByText("Menu · Donations").click();
    await expect(page.getByRole("navigation", { name: "Staff sections menu" })).toBeVisible();
    await expectNoViolations(page);
  });

  test("a dialog with field errors has no axe violations", async ({ page, login }) => {
    await login();
    await page.goto("/admin/dashboard/news/new");
    const dialog = page.getByRole("dialog", { name: "Add News Article" });
    await dialog.getByLabel("Title").fill("   ");
    await dialog.getByLabel("Image URL").fill("ftp://example.org/a.png");
    await dialog.getByLabel("Content").fill("x");
    await dialog.getByRole("button", { name: "Add Article" }).click();
    await expect(dialog.locator(".field-error").getByText("Title is required")).toBeVisible();
    await expectNoViolations(page);
  });
});
