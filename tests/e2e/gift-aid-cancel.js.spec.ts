// Issue 51 item 1, in a browser: a donor cancels their Gift Aid declaration at Your giving, and
// their standing order's payment of that same day is imported from the bank statement by staff
// afterwards. A cancellation has effect from the day the charity is told (HMRC), so that payment
// is not claimable and nothing shows Gift Aid on it: the staff Gift Aid page lists it as not
// covered, the thank-you e-mail promises nothing, Your giving says "None" and the statement "No".
import { expect, test, type Page } from "@playwright/test";
import { CURRENT_DECLARATION_VERSION } from "~/content/gift-aid";
import { toLondonDay } from "~/utils/dates";
import { signIn } from "./support/auth";
import { e2eDb } from "./support/db";
import { pledgeWithDeclaration, uniqueLastName } from "./support/gift-aid";
import { linkInOutbox } from "./support/mail";
import { pdfTextLines } from "../integration/pdf-support";

async function donorSignsIn(page: Page, email: string) {
  await page.goto("/giving");
  await page.getByLabel("Your e-mail address").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  await page.goto(await linkInOutbox(email, "/giving/link/"));
  // Opening the link only shows its button (a mail scanner's visit uses nothing); the button signs in.
  await page.getByRole("button", { name: "Sign in to Your giving" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your giving" })).toBeVisible();
}

test("a declaration cancelled at Your giving, then a same-day bank payment imported: not claimable, and not shown as Gift Aid anywhere", async ({
  page,
  browser,
  baseURL,
}) => {
  const lastName = uniqueLastName("Standing");
  const email = `${lastName.toLowerCase()}@example.com`;
  const pledge = await pledgeWithDeclaration({
    type: "monthly",
    amountPence: 1234,
    firstName: "Ada",
    lastName,
    email,
    inHonour: false,
    payBy: "bank",
    giftAidDeclaration: {
      version: CURRENT_DECLARATION_VERSION,
      title: "",
      house: "7",
      street: "Queen Street",
      town: "Bristol",
      postcode: "BS1 4DJ",
    },
  });

  // The donor cancels at Your giving: "gifts we receive from today are not covered".
  await donorSignsIn(page, email);
  await page.getByRole("link", { name: /Cancel this declaration/ }).click();
  await expect(page.getByText("Gifts we receive from today are not covered")).toBeVisible();
  await page.getByRole("button", { name: "Yes, cancel my declaration" }).click();
  await expect(page.getByRole("status").getByText("Your Gift Aid declaration is cancelled.")).toBeVisible();

  // Staff import today's statement, where the standing order arrived today.
  const today = toLondonDay(new Date());
  const [y, m, d] = today.split("-");
  const csv = [
    "Date,Description,Amount",
    `${d}/${m}/${y},STO ${pledge.reference} ${lastName.toUpperCase()},12.34`,
  ].join("\n");
  const staff = await browser.newContext({ baseURL });
  const staffPage = await staff.newPage();
  await signIn(staff, baseURL!);
  await staffPage.goto("/admin/dashboard/donations/import");
  await staffPage
    .getByLabel(/Statement \(CSV/)
    .setInputFiles({ name: "statement.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await staffPage.getByRole("button", { name: "Preview" }).click();
  const row = staffPage.getByRole("region", { name: "Proposed payments" }).getByRole("row").filter({
    hasText: pledge.reference,
  });
  await expect(row.getByRole("checkbox")).toBeChecked();
  await staffPage.getByRole("button", { name: "Record ticked payments" }).click();
  await expect(staffPage.getByRole("status")).toContainText("payment recorded");

  // The Gift Aid page: not claimable, listed as not covered with the reason.
  await staffPage.goto("/admin/dashboard/gift-aid");
  const donor = `Ada ${lastName}`;
  await expect(staffPage.getByRole("checkbox", { name: new RegExp(`Select ${donor}`) })).toHaveCount(0);
  const notCovered = staffPage.getByRole("table", { name: "Payments no declaration covers" });
  await expect(notCovered.getByRole("row").filter({ hasText: pledge.reference })).toContainText(
    "Received on or after the day the declaration was cancelled",
  );
  await staff.close();

  // The thank-you e-mail: the gift, and no Gift Aid promised.
  const thanks = await e2eDb()
    .selectFrom("outbox")
    .select("text_body")
    .where("to_address", "=", email)
    .where("kind", "=", "payment.donor")
    .executeTakeFirstOrThrow();
  expect(thanks.text_body).toContain(pledge.reference);
  expect(thanks.text_body).not.toMatch(/Gift Aid/);

  // Your giving: the gift, with no Gift Aid added.
  await page.reload();
  const gift = page.getByRole("table", { name: "Your gifts and payments" }).getByRole("row").filter({
    hasText: pledge.reference,
  });
  await expect(gift.getByRole("cell", { name: "£12.34" })).toBeVisible();
  await expect(gift.getByRole("cell", { name: "None" })).toBeVisible();

  // The statement PDF the donor downloads: Gift Aid "No" on it, and nothing added.
  const link = page.getByRole("link", { name: /^Statement for the tax year/ }).first();
  const response = await page.request.get((await link.getAttribute("href"))!);
  expect(response.status()).toBe(200);
  const lines = pdfTextLines(Buffer.from(await response.body()));
  const giftLine = lines.findIndex((line) => line.includes(pledge.reference));
  expect(giftLine).toBeGreaterThan(-1);
  expect(lines.slice(giftLine - 2, giftLine + 3)).toContain("No");
  expect(lines.slice(giftLine - 2, giftLine + 3)).not.toContain("Yes");
});
