// axe on each Donations screen, hydrated (js project), and the screens a form reaches also as
// served without JavaScript (no-js project: an upload posted by the browser, not a fetch).
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoDarkThemeColourViolations, test } from "./support/axe";
import { signIn } from "./support/auth";
import { waitForHydration } from "./support/hydration";
import { createPledge, recordPayment, uniqueTitle } from "./support/db";
import { HYDRATED_ONLY } from "./support/projects";

const pages: { name: string; submits?: true; open: (page: Page, hydrated: boolean) => Promise<void> }[] = [
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
    name: "the refund dialog",
    open: async (page) => {
      const pledge = await createPledge({ lastName: uniqueTitle("Axe").replace(" ", "") });
      const payment = await recordPayment(pledge.id, "2025-10-05", 2500);
      await page.goto(`/admin/dashboard/donations/${pledge.id}/payments/${payment.id}/refund`);
      await expect(page.getByRole("dialog", { name: "Record a refund" })).toBeVisible();
    },
  },
  {
    name: "the Payments list",
    open: async (page) => {
      const pledge = await createPledge({ lastName: uniqueTitle("Axe").replace(" ", "") });
      await recordPayment(pledge.id, "2025-10-05", 2500);
      await page.goto("/admin/dashboard/payments?from=2025-10-05&to=2025-10-05");
      await expect(page.getByText(/^Day total: /).first()).toBeVisible();
    },
  },
  {
    name: "the record-a-gift form",
    open: async (page) => {
      await page.goto("/admin/dashboard/payments/new");
      await expect(page.getByRole("heading", { name: "Record a gift" })).toBeVisible();
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
    submits: true,
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
  {
    name: "an import with a warning and a pledge search",
    submits: true,
    open: async (page, hydrated) => {
      const name = uniqueTitle("Axe").replace(" ", "");
      const paid = await createPledge({ lastName: name });
      await recordPayment(paid.id, "2025-10-01", 2500);
      const csv = [
        "Date,Description,Amount",
        `05/10/2025,AGAIN ${paid.reference},25.00`,
        `06/10/2025,GIFT ${name},5.00`,
      ].join("\n");
      await page.goto("/admin/dashboard/donations/import");
      if (hydrated) await waitForHydration(page);
      await page
        .getByLabel(/Statement \(CSV/)
        .setInputFiles({ name: "s.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await page.getByRole("button", { name: "Preview" }).click();
      await page.getByLabel(/Find a pledge for line 3/).fill(name.toLowerCase());
      await page.getByRole("button", { name: "Find" }).click();
      await expect(page.getByRole("group", { name: "Record line 3 on" })).toBeVisible();
      await expect(page.getByText("Not ticked:")).toBeVisible();
    },
  },
  {
    name: "a lapsed monthly pledge",
    open: async (page) => {
      const pledge = await createPledge({ lastName: uniqueTitle("Axe").replace(" ", ""), type: "monthly" });
      await recordPayment(pledge.id, "2025-10-05", 2500);
      await page.goto(`/admin/dashboard/donations/${pledge.id}`);
      await expect(page.getByText("the standing order may have stopped")).toBeVisible();
    },
  },
];

// Each page in the light theme with every rule, then, with JavaScript, in the dark theme with the
// colour rules (the same markup with `dark` on <html>; tests/e2e/support/axe.ts).
for (const { name, submits, open } of pages) {
  test(`${name} has no axe violations`, submits ? {} : HYDRATED_ONLY, async ({ axePage: page, baseURL }, testInfo) => {
    const javaScript = testInfo.project.use.javaScriptEnabled !== false;
    await signIn(page.context(), baseURL!);
    await open(page, javaScript);
    await expectNoAxeViolations(page);
    if (javaScript) await expectNoDarkThemeColourViolations(page);
  });
}
