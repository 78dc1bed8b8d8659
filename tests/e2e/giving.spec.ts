// Your giving, with JavaScript on and off: a Gift Aid donor asks for a link at /giving (an
// unknown address gets the same answer), opens it from the e-mail, sees their reference and
// amount, cancels their Gift Aid declaration after confirming, and staff see it cancelled on the
// supporter's record, and the donor is e-mailed a confirmation; the same link does not work a
// second time. On a phone (390 px) the page fits, its tables stacked, every action on screen.
// Then axe on each page.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations, test as axeTest } from "./support/axe";
import { e2eDb } from "./support/db";
import { createDeclaredPayment, openSupporterOfPledge, uniqueLastName } from "./support/gift-aid";
import { linkInOutbox } from "./support/mail";
import { createPledge } from "~/giving/models/pledge.server";

const sameAnswer = (email: string) =>
  `If we hold gifts for ${email}, we have sent a link to that address. It works once, for 1 hour.`;

async function askForLink(page: Page, email: string) {
  await page.goto("/giving");
  await expect(page.getByRole("heading", { level: 1, name: "Your giving" })).toBeVisible();
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status").getByText(sameAnswer(email))).toBeVisible();
}

test("a Gift Aid donor signs in by e-mailed link, cancels their declaration, and the link works once", async ({
  page,
  baseURL,
}) => {
  const lastName = uniqueLastName("Giver");
  const { pledge } = await createDeclaredPayment(lastName);
  const email = `${lastName.toLowerCase()}@example.com`;

  await askForLink(page, `unknown-${lastName.toLowerCase()}@example.com`);
  await askForLink(page, email);
  const link = await linkInOutbox(email, "/giving/link/");

  // Opening the link only shows a button (a mail scanner's GET uses nothing up); pressing it signs in.
  await page.goto(link);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to Your giving" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in to Your giving" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your giving" })).toBeVisible();
  const gifts = page.getByRole("table", { name: "Your gifts and payments" });
  await expect(gifts.getByRole("cell", { name: pledge.reference })).toBeVisible();
  await expect(gifts.getByRole("cell", { name: "£43.21" })).toBeVisible();
  await expect(gifts.getByRole("cell", { name: "£10.80 (to be claimed)" })).toBeVisible();

  await page.getByRole("link", { name: /Cancel this declaration/ }).click();
  await expect(page.getByRole("heading", { name: "Cancel your Gift Aid declaration?" })).toBeVisible();
  await expect(page.getByText("Gifts we have already claimed Gift Aid on stay claimed")).toBeVisible();
  await page.getByRole("button", { name: "Yes, cancel my declaration" }).click();
  await expect(page.getByRole("status").getByText("Your Gift Aid declaration is cancelled.")).toBeVisible();
  await expect(page.getByText(/^Cancelled on /)).toBeVisible();
  await expect(page.getByRole("link", { name: /Cancel this declaration/ })).toHaveCount(0);
  // Confirmed by e-mail, through the outbox.
  const confirmation = await e2eDb()
    .selectFrom("outbox")
    .select(["subject", "text_body"])
    .where("to_address", "=", email)
    .where("kind", "=", "donor-giving-change")
    .executeTakeFirstOrThrow();
  expect(confirmation.subject).toMatch(/^Your Gift Aid declaration is cancelled/);
  expect(confirmation.text_body).toContain("Did not make this change?");

  // The same link a second time: it says so and offers a new one.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link has already been used" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send me a link" })).toBeVisible();
  await expect(page.getByText(pledge.reference)).toHaveCount(0);

  // Staff see it cancelled, by the donor.
  await openSupporterOfPledge(page, baseURL!, pledge.id);
  const giftAid = page.getByRole("region", { name: "Gift Aid" });
  await expect(giftAid.getByRole("heading", { name: /\(cancelled .+ by the donor\)/ })).toBeVisible();
});

/** Wholly inside the 390 px wide screen, left to right. */
async function expectOnScreen(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, "shown").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Your giving fits 390 px with its actions on screen", async ({ page }) => {
    const lastName = uniqueLastName("Phone");
    const email = `${lastName.toLowerCase()}@example.com`;
    await createDeclaredPayment(lastName);
    const person = { firstName: "Ada", lastName, email, inHonour: false };
    const standingOrder = await createPledge(e2eDb(), { type: "monthly", amountPence: 1000, ...person });
    const byCard = await createPledge(e2eDb(), { type: "monthly", amountPence: 2500, ...person });
    await e2eDb()
      .updateTable("pledges")
      .set({ pay_by: "card", stripe_subscription: `sub_${byCard.reference}`, status: "active" })
      .where("id", "=", byCard.id)
      .execute();
    await askForLink(page, email);
    await page.goto(await linkInOutbox(email, "/giving/link/"));
    await page.getByRole("button", { name: "Sign in to Your giving" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your giving" })).toBeVisible();

    // Nothing scrolls sideways: not the page, not a table.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const name of ["Your gifts and payments", "Your pledges"]) {
      const table = page.getByRole("table", { name });
      const overflow = await table.evaluate((t) => {
        const region = t.parentElement!;
        return region.scrollWidth - region.clientWidth;
      });
      expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    // Each cell is led by its column's name; the Gift Aid added and every action are on screen.
    const gifts = page.getByRole("table", { name: "Your gifts and payments" });
    const giftAid = gifts.getByRole("cell", { name: "£10.80 (to be claimed)" });
    await expectOnScreen(giftAid);
    expect(await giftAid.evaluate((td) => getComputedStyle(td, "::before").content)).toBe('"Gift Aid added"');
    const pledges = page.getByRole("table", { name: "Your pledges" });
    await expectOnScreen(pledges.getByRole("link", { name: `Change the amount (${byCard.reference})` }));
    await expectOnScreen(pledges.getByRole("link", { name: `Stop this monthly gift (${byCard.reference})` }));
    await expectOnScreen(pledges.getByRole("link", { name: `Stop this monthly gift (${standingOrder.reference})` }));
    // A standing order says how to change it: at the bank.
    const row = pledges.getByRole("row").filter({ hasText: standingOrder.reference });
    await expect(row.getByText(/change the standing order with your bank/)).toBeVisible();
    await expectOnScreen(page.getByRole("link", { name: /Cancel this declaration/ }));
  });
});

// The light theme with every rule; each scan then judges the dark theme's colours on the same
// page, with JavaScript (darkColoursToo, tests/e2e/support/axe.ts), where the journey was walked again.
for (const theme of ["light"] as const) {
  axeTest.describe(`${theme} theme`, () => {
    axeTest.use({ theme, darkColoursToo: true });

    axeTest("the pages of Your giving", async ({ axePage: page }) => {
      const lastName = uniqueLastName("Axe");
      await createDeclaredPayment(lastName);
      const email = `${lastName.toLowerCase()}@example.com`;
      const monthly = await createPledge(e2eDb(), {
        type: "monthly",
        amountPence: 1500,
        firstName: "Ada",
        lastName,
        email,
        inHonour: false,
      });
      await page.goto("/giving");
      await page.getByRole("button", { name: "Send me a link" }).click();
      await expect(page.getByRole("alert")).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel("Your e-mail address").fill(email);
      await page.getByRole("button", { name: "Send me a link" }).click();
      await expect(page.getByRole("status").getByText(sameAnswer(email))).toBeVisible();
      const link = await linkInOutbox(email, "/giving/link/");
      await page.goto(link);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Sign in to Your giving" }).click();
      await expect(page.getByRole("heading", { name: "Your gifts and payments" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: /Cancel this declaration/ }).click();
      await expect(page.getByRole("heading", { name: "Cancel your Gift Aid declaration?" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto(`/giving/pledges/${monthly.reference}/stop`);
      await expect(page.getByRole("heading", { name: "Stop your monthly gift?" })).toBeVisible();
      await expectNoAxeViolations(page);
      // Name and address: refused with the donate form's postcode rule, then the new declaration's page.
      await page.goto("/giving/details");
      await page.getByLabel("Postcode").fill("NOWHERE");
      await page.getByLabel("Postcode").press("Enter");
      await expect(page.getByRole("alert").getByText(/Enter a UK postcode/)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto("/giving/declarations/new");
      await expect(page.getByRole("heading", { name: "Make a Gift Aid declaration" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "This link has already been used" })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
