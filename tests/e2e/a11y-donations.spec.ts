// axe on each Donations screen, server-rendered (no-js project) and hydrated (js project).
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./support/axe";
import { signIn } from "./support/auth";
import { waitForHydration } from "./support/hydration";
import { createPledge, recordPayment, uniqueTitle } from "./support/db";

const pages: { name: string; open: (page: Page, hydrated: boolean) => Promise<void> }[] = [
  {
    name: "the list",
    open: async (page) => {
      await createPledge({ lastName: uniqueTitle("Axe").replace(" ", "") });
      await page.goto("/admin/dashboard/donations");
      await expect(page.getByRole("heading", { name: "Donations" })).toBeVisible();
    },
  },
  {
    name: "a refused filter",
    open: async (page) => {
      await page.goto("/admin/dashboard/donations?status=lost");
      await expect(page.getByRole("alert")).toContainText("Choose a listed status");
    },
  },
  {
    name: "a pledge",
    open: async (page) => {
      const pledge = await createPledge({ lastName: uniqueTitle("Axe").replace(" ", "") });
      await page.goto(`/admin/dashboard/donations/${pledge.id}`);
      await expect(page.getByRole("heading", { name: `Pledge ${pledge.reference}` })).toBeVisible();
    },
  },
  {
    name: "the cancel confirmation",
    open: async (page) => {
      const pledge = await createPledge({ lastName: uniqueTitle("Axe").replace(" ", "") });
      await page.goto(`/admin/dashboard/donations/${pledge.id}/cancel`);
      await expect(page.getByRole("heading", { name: /Cancel pledge/ })).toBeVisible();
    },
  },
  {
    name: "the remove-payment confirmation",
    open: async (page) => {
      const pledge = await createPledge({ lastName: uniqueTitle("Axe").replace(" ", "") });
      const payment = await recordPayment(pledge.id, "2025-10-05", 2500);
      await page.goto(`/admin/dashboard/donations/${pledge.id}/payments/${payment.id}/remove`);
      await expect(page.getByRole("alertdialog", { name: "Remove payment" })).toBeVisible();
    },
  },
  {
    name: "the import page",
    open: async (page) => {
      await page.goto("/admin/dashboard/donations/import");
      await expect(page.getByRole("heading", { name: "Import bank statement" })).toBeVisible();
    },
  },
  {
    name: "an import's proposals",
    open: async (page, hydrated) => {
      const pledge = await createPledge({ lastName: uniqueTitle("Axe").replace(" ", "") });
      const csv = fs
        .readFileSync("tests/fixtures/bank-statements/barclays.csv", "utf8")
        .replaceAll("CHA-8K2MPQRS", pledge.reference);
      await page.goto("/admin/dashboard/donations/import");
      if (hydrated) await waitForHydration(page);
      await page
        .getByLabel(/Statement \(CSV/)
        .setInputFiles({ name: "b.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page.getByRole("button", { name: "Preview" }).click();
      await expect(page.getByRole("region", { name: "Proposed payments" })).toBeVisible();
    },
  },
];

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ theme });
    for (const { name, open } of pages) {
      test(`${name} has no axe violations`, async ({ axePage: page, baseURL }, testInfo) => {
        await signIn(page.context(), baseURL!);
        await open(page, testInfo.project.use.javaScriptEnabled !== false);
        await expectNoAxeViolations(page);
      });
    }
  });
}
