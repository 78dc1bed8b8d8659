import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/hydration";

// The strict Content-Security-Policy must not be tripped by our own code: any violation the
// browser reports (even one the code catches, like a library probing for eval) is a defect.
const forms = [
  { path: "/contact", submit: "Send via Email" },
  { path: "/donate", submit: "Donate" },
  { path: "/admin/login", submit: "Sign In" },
  { path: "/publications", submit: "Subscribe" },
];

for (const { path, submit } of forms) {
  test(`${path} validates in the browser without a CSP violation`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await page.goto(path);
    // Submitting the empty form runs the zod schema in the browser.
    const button = page.getByRole("button", { name: submit });
    await waitForHydration(button);
    await button.click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(violations).toEqual([]);
  });
}
