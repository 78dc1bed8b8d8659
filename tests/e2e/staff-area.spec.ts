// The staff area looks like one, with JavaScript on and off: its own frame (no public navigation,
// Donate button or footer), the sections grouped in a sidebar, who is signed in with Sign out at
// the top, and a way back to the public site.
import { expect, test } from "./support/auth";
import { ADMIN_USERNAME } from "./support/auth";
import { groupedSections, sectionsFor } from "~/utils/admin-paths";

test("the staff area has its own frame with the sections grouped in a sidebar", async ({ page, login }) => {
  await login();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/admin/dashboard/gift-aid");

  const banner = page.getByRole("banner");
  await expect(banner.getByRole("heading", { level: 1, name: "Staff area" })).toBeVisible();
  await expect(banner).toContainText(`Signed in as ${ADMIN_USERNAME}`);
  await expect(banner.getByRole("button", { name: "Sign out" })).toBeVisible();
  // None of the public site's chrome.
  await expect(page.getByRole("link", { name: "Donate Now" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("navigation")).toHaveCount(1);

  const sidebar = page.getByRole("navigation", { name: "Staff sections", exact: true });
  // The e2e account is an admin: every section but the person's own account page (in the top bar).
  const sections = sectionsFor("admin");
  for (const group of groupedSections(sections)) {
    if (group.label) await expect(sidebar.getByText(group.label, { exact: true })).toBeVisible();
  }
  await expect(sidebar.getByRole("link")).toHaveCount(sections.length);
  await expect(banner.getByRole("link", { name: "Your account" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Gift Aid" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("main").getByRole("heading", { name: "Gift Aid" }).first()).toBeVisible();

  await sidebar.getByRole("link", { name: "Enquiries" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\/enquiries$/);
  await expect(sidebar.getByRole("link", { name: "Enquiries" })).toHaveAttribute("aria-current", "page");

  await page.getByRole("link", { name: "View the public site" }).click();
  await expect(page).toHaveURL(/\/$/);
  // Back in the public site, its own navigation and footer.
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("the skip link leads to the staff page's main content", async ({ page, login }) => {
  await login();
  await page.goto("/admin/dashboard");
  await expect(page.locator("#main")).toHaveCount(1);
  await expect(page.getByRole("main")).toContainText("Overview");
});
