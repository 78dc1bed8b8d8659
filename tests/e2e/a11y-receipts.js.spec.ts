// axe on the receipts screens, hydrated (their server markup is the same): the
// statement confirmation over a pledge, the whole-year statements page, the Settings switch, and
// the public page a statement link opens (valid and refused).
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./support/axe";
import { signIn } from "./support/auth";
import { createPledge, recordPayment, uniqueTitle } from "./support/db";
import { statementToken } from "~/supporters/services/giving-statements.server";

const secrets = [process.env.E2E_SESSION_SECRET!];

const pages: { name: string; staff: boolean; open: (page: Page) => Promise<void> }[] = [
  {
    name: "the statement confirmation",
    staff: true,
    open: async (page) => {
      const pledge = await createPledge({ lastName: uniqueTitle("Axe").replace(" ", "") });
      await recordPayment(pledge.id, "2025-10-05", 2500);
      await page.goto(`/admin/dashboard/donations/${pledge.id}/statement?year=2025`);
      await expect(page.getByRole("heading", { name: "Send the giving statement for 2025 to 2026?" })).toBeVisible();
    },
  },
  {
    name: "the giving statements page",
    staff: true,
    open: async (page) => {
      await page.goto("/admin/dashboard/donations/statements");
      await expect(page.getByRole("heading", { name: "Giving statements" })).toBeVisible();
    },
  },
  {
    name: "the settings with the reminders switch",
    staff: true,
    open: async (page) => {
      await page.goto("/admin/dashboard/settings");
      await expect(page.getByLabel("Remind donors of unpaid bank transfer pledges")).toBeVisible();
    },
  },
  {
    name: "a statement link's page",
    staff: false,
    open: async (page) => {
      const pledge = await createPledge({ lastName: uniqueTitle("Axe").replace(" ", "") });
      await recordPayment(pledge.id, "2025-10-05", 2500);
      await page.goto(`/statement/${statementToken(pledge.id, 2025, new Date(), secrets)}`);
      await expect(page.getByRole("heading", { name: "Your giving statement" })).toBeVisible();
    },
  },
  {
    name: "an expired statement link",
    staff: false,
    open: async (page) => {
      const pledge = await createPledge({ lastName: uniqueTitle("Axe").replace(" ", "") });
      const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
      await page.goto(`/statement/${statementToken(pledge.id, 2025, longAgo, secrets)}`);
      await expect(page.getByRole("heading", { name: "This statement link has expired" })).toBeVisible();
    },
  },
];

// The light theme with every rule; each scan then judges the dark theme's colours on the same
// page, with JavaScript (darkColoursToo, tests/e2e/support/axe.ts), where the journey was walked again.
for (const theme of ["light"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ theme, darkColoursToo: true });
    for (const { name, staff, open } of pages) {
      test(`${name} has no axe violations`, async ({ axePage: page, baseURL }) => {
        if (staff) await signIn(page.context(), baseURL!);
        await open(page);
        await expectNoAxeViolations(page);
      });
    }
  });
}
