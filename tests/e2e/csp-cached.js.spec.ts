import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/hydration";

// Shared public pages carry no nonce: their inline scripts are allowed by hash, and Remix's
// module scripts and modulepreload links by 'self'. Each page is loaded twice, so the second
// visit is the cached copy (the very bytes a CDN would hand to everyone), and it must hydrate
// and navigate without a single CSP violation.
for (const path of ["/", "/news", "/news/1", "/donate", "/contact", "/about"]) {
  test(`${path}: the cached copy hydrates without a CSP violation`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const first = await page.goto(path);
    expect(first?.headers()["content-security-policy"]).toContain("'sha256-");
    const cached = await page.goto(path);
    expect(cached?.headers()["content-security-policy"]).not.toContain("nonce-");
    await waitForHydration(page);
    // A client-side navigation: module loading and data requests under the same policy.
    // Wait for its data request: on /news itself the URL and heading are already right before it.
    const data = page.waitForResponse((response) => new URL(response.url()).searchParams.has("_data"));
    await page.getByRole("navigation").first().getByRole("link", { name: "News", exact: true }).first().click();
    await data;
    await expect(page).toHaveURL(/\/news$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    expect(violations).toEqual([]);
  });
}
