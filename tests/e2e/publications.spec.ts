import { expect, test, type Page } from "@playwright/test";
import { e2eDb, uniqueEmail, uniqueSuffix } from "./support/db";

const newsletter = (page: Page) => page.getByRole("region", { name: "Subscribe to our newsletter" });

/** Submits the subscribe form and waits for the server's answer, with or without JavaScript. */
async function subscribe(page: Page, email: string) {
  const section = newsletter(page);
  await section.getByLabel("Email", { exact: true }).fill(email);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/publications"),
    section.getByRole("button", { name: "Subscribe" }).click(),
  ]);
  return response;
}

const subscriberRows = (email: string) =>
  e2eDb().selectFrom("newsletter_subscribers").selectAll().where("email", "=", email).execute();

test.describe("publications", () => {
  test("lists the three publications with type, date and a Download link naming the format and size", async ({
    page,
  }) => {
    await page.goto("/publications");
    await expect(page.getByRole("heading", { level: 1, name: "Publications" })).toBeVisible();

    // Staff may add more (tests/e2e/site-publications.nojs.spec.ts does): the spec's three are there, newest first.
    const items = page.getByRole("region", { name: "Publications" }).getByRole("listitem");
    const expected = [
      { type: "Newsletter", date: "1 September 2025", title: "Autumn 2025 Newsletter" },
      { type: "Annual Report", date: "31 March 2025", title: "Annual Report 2024" },
      { type: "Research Paper", date: "15 November 2024", title: "Access to Primary Care in Rural Communities" },
    ];
    const titles = await items.getByRole("heading", { level: 2 }).allTextContents();
    expect(titles.filter((title) => expected.some((p) => p.title === title))).toEqual(expected.map((p) => p.title));
    for (const publication of expected) {
      const item = items.filter({ has: page.getByRole("heading", { name: publication.title, exact: true }) });
      await expect(item.getByText(publication.type, { exact: true })).toBeVisible();
      await expect(item.getByText(publication.date, { exact: true })).toBeVisible();
      // Each has its (sample) PDF from the first start: tests/e2e/site-publications.nojs.spec.ts downloads them.
      await expect(
        item.getByRole("link", { name: new RegExp(`^Download \\(PDF, \\d+ KB\\): ${publication.title}$`) }),
      ).toBeVisible();
    }
  });

  test("stores a pending sign-up, asks the visitor to check their inbox, and answers a repeat exactly the same way", async ({
    page,
  }) => {
    const email = uniqueEmail("reader");
    await page.goto("/publications");

    const first = await subscribe(page, email);
    expect(first.status()).toBe(200);
    const status = newsletter(page).getByRole("status");
    await expect(status).toHaveText(
      "Thank you for subscribing! Please check your inbox: we have sent you a link to confirm your subscription.",
    );
    await expect(newsletter(page).getByLabel("Email", { exact: true })).toHaveValue("");
    const [row] = await subscriberRows(email);
    expect(row.consented_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(row.status).toBe("pending");

    // A repeat, in another letter case: the same answer, and still one row.
    await page.goto("/publications");
    const second = await subscribe(page, email.toUpperCase());
    expect(second.status()).toBe(first.status());
    await expect(status).toHaveText(
      "Thank you for subscribing! Please check your inbox: we have sent you a link to confirm your subscription.",
    );
    const rows = await subscriberRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0].consented_at).toBe(row.consented_at);
  });

  test("rejects a malformed address with a field error, keeping the input", async ({ page }) => {
    const bad = `not-an-email-${uniqueSuffix()}`;
    await page.goto("/publications");
    const section = newsletter(page);
    await section.getByLabel("Email", { exact: true }).fill(bad);
    await section.getByRole("button", { name: "Subscribe" }).click();

    await expect(
      section.locator(".field-error").getByText("Enter a valid email address, like name@example.com"),
    ).toBeVisible();
    const input = section.getByLabel("Email", { exact: true });
    await expect(input).toHaveValue(bad);
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(section.getByRole("status")).toHaveText("");
    expect(await subscriberRows(bad)).toHaveLength(0);
  });

  test("has its own title and description", async ({ page }) => {
    await page.goto("/publications");
    await expect(page).toHaveTitle(/^Publications \| /);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /newsletter/i);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Publications");
  });
});
