// Every content page in both themes, as hydrated. The server-only markup (no JavaScript)
// is judged in a11y-server-rendered.nojs.spec.ts where it differs.
import { expect, expectNoAxeViolations, expectNoDarkThemeColourViolations, test } from "./support/axe";
import { getInvolvedPages } from "~/content/get-involved";
import { SEEDED_PROJECTS as projects } from "../../db/migrations/0044_projects_redirects";

const pages = [
  "/",
  "/about",
  "/about/team",
  "/about/history",
  "/about/faq",
  "/projects",
  "/projects/recent",
  // One Active and one other project, for both badge colours.
  `/projects/${projects.find((p) => p.status === "Active")!.slug}`,
  `/projects/${projects.find((p) => p.status !== "Active")!.slug}`,
  "/get-involved",
  ...getInvolvedPages.map((p) => `/get-involved/${p.slug}`),
  "/privacy",
  "/terms",
];

// Each page in the light theme with every rule, then in the dark theme with the colour rules
// (the same markup with `dark` on <html>; tests/e2e/support/axe.ts).
for (const path of pages) {
  test(`${path} has no axe violations, light and dark`, async ({ axePage: page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    if (path === "/") {
      // Judge the page once JavaScript has taken over the slideshow.
      await expect(page.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    }
    // Open every disclosure so the answers' colours are checked too.
    for (const details of await page.getByRole("main").locator("details").all()) {
      await details.locator("summary").click();
    }
    await expectNoAxeViolations(page);
    await expectNoDarkThemeColourViolations(page);
  });
}
