// axe on the enquiry and privacy screens and statistics, in the light and the dark theme.
import { expectNoAxeViolations, expectNoDarkThemeColourViolations } from "./support/axe";
import { expect, test } from "./support/auth";
import { insertEnquiry, insertPledge, insertSubscription, uniqueToken } from "./support/back-office";

/** A person with an enquiry, a paid and an unpaid pledge and a subscription. */
async function person() {
  const email = `a11y-${uniqueToken()}@example.org`;
  const enquiry = await insertEnquiry({ email, message: "Line one\nLine two" });
  await insertEnquiry({ status: "handled" });
  await insertPledge(email, 1500, true);
  await insertPledge(email, 500, false);
  await insertSubscription(email);
  return { email, id: enquiry.id };
}

const screens: {
  name: string;
  path: (p: { email: string; id: number }) => string;
  heading: (email: string) => string;
}[] = [
  { name: "the inbox", path: () => "/admin/dashboard/enquiries", heading: () => "Enquiries" },
  {
    name: "the inbox with a bad filter",
    path: () => "/admin/dashboard/enquiries?status=bogus",
    heading: () => "Enquiries",
  },
  { name: "an enquiry", path: ({ id }) => `/admin/dashboard/enquiries/${id}`, heading: () => "General Inquiry" },
  {
    name: "the delete page",
    path: ({ id }) => `/admin/dashboard/enquiries/${id}/delete`,
    heading: () => "Delete Enquiry",
  },
  { name: "privacy requests", path: () => "/admin/dashboard/privacy", heading: () => "Privacy requests" },
  {
    name: "a person's data",
    path: ({ email }) => `/admin/dashboard/privacy?email=${encodeURIComponent(email)}`,
    heading: (email) => `Held for ${email}`,
  },
  { name: "a bad address", path: () => "/admin/dashboard/privacy?email=bad", heading: () => "Privacy requests" },
  {
    name: "the erase page",
    path: ({ email }) => `/admin/dashboard/privacy/erase?email=${encodeURIComponent(email)}`,
    heading: () => "Erase personal data",
  },
  { name: "statistics", path: () => "/admin/dashboard/stats", heading: () => "Statistics" },
];

// Each screen in the light theme with every rule, then in the dark theme with the colour rules
// (the same markup with `dark` on <html>; tests/e2e/support/axe.ts).
test.describe("light and dark theme", () => {
  test.use({ reducedMotion: "reduce" });
  test.beforeEach(async ({ context, baseURL, login }) => {
    await context.addCookies([{ name: "theme", value: "light", url: baseURL! }]);
    await login();
  });

  for (const screen of screens) {
    test(`${screen.name} has no axe violations`, async ({ page }) => {
      const who = await person();
      await page.goto(screen.path(who));
      await expect(page.locator("html")).toHaveClass(/\blight\b/);
      await expect(page.getByRole("heading", { name: screen.heading(who.email), exact: true }).first()).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoDarkThemeColourViolations(page);
    });
  }
});
