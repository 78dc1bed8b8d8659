import { expect, test, type Page } from "@playwright/test";
import { site } from "~/content/site";
import { e2eDb, uniqueName } from "./support/db";

const subjects = [
  ["general", "General Inquiry"],
  ["volunteer", "Volunteer Opportunities"],
  ["donation", "Donation Information"],
  ["partnership", "Partnership Opportunities"],
  ["media", "Media Inquiry"],
  ["other", "Other"],
] as const;

async function fillValid(page: Page, name: string, subjectLabel: string) {
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email Address").fill("visitor@example.com");
  await page.getByLabel("Subject").selectOption({ label: subjectLabel });
  await page.getByLabel("Message", { exact: true }).fill("Hello & welcome?\nA second line #2");
}

const enquiriesFrom = (name: string) =>
  e2eDb().selectFrom("contact_enquiries").selectAll().where("name", "=", name).execute();

test.describe("contact page", () => {
  test("shows the form and the side cards", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(page).toHaveTitle(/^Contact Us \| /);

    await expect(page.getByLabel("Full Name")).toBeVisible();
    await expect(page.getByLabel("Email Address")).toHaveAttribute("type", "email");
    const subject = page.getByLabel("Subject");
    for (const [value, label] of subjects) {
      await expect(subject.locator(`option[value="${value}"]`)).toHaveText(label);
    }
    await expect(page.getByLabel("Message", { exact: true })).toHaveAttribute("rows", "6");
    await expect(page.getByRole("button", { name: "Send via Email" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send via WhatsApp" })).toBeVisible();

    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Email", exact: true })).toBeVisible();
    await expect(main.getByRole("link", { name: site.email })).toHaveAttribute("href", `mailto:${site.email}`);
    await expect(main.getByRole("heading", { name: "Office Hours" })).toBeVisible();
    for (const text of ["Monday - Friday", "9:00 AM - 5:00 PM", "Saturday", "10:00 AM - 2:00 PM", "Sunday", "Closed"]) {
      await expect(main.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(main.getByRole("heading", { name: "Quick Links" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Donate", exact: true })).toHaveAttribute("href", "/donate");
    await expect(main.getByRole("link", { name: "Get Involved", exact: true })).toHaveAttribute(
      "href",
      "/get-involved",
    );
    await expect(main.getByRole("heading", { name: "Follow Us" })).toBeVisible();
    for (const network of ["Facebook", "LinkedIn", "WhatsApp"]) {
      await expect(main.getByRole("link", { name: new RegExp(`^${network}`) })).toHaveAttribute("href", /^https:\/\//);
    }
  });

  test("preselects the subject named in the address", async ({ page }) => {
    await page.goto("/contact?subject=partnership");
    await expect(page.getByLabel("Subject")).toHaveValue("partnership");
    await page.goto("/contact?subject=bogus");
    await expect(page.getByLabel("Subject")).toHaveValue("");
  });

  test("the footer's partnership links preselect Partnership Opportunities, even from the contact page", async ({
    page,
  }) => {
    await page.goto("/contact");
    await expect(page.getByLabel("Subject")).toHaveValue("");
    await page.getByRole("contentinfo").getByRole("link", { name: "Corporate Partnership Form" }).click();
    await expect(page).toHaveURL(/\/contact\?subject=partnership$/);
    await expect(page.getByLabel("Subject")).toHaveValue("partnership");
  });

  test("an empty form shows an error for every field and stays on the page", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send via Email" }).click();
    await expect(page.locator(".field-error").getByText("Full name is required")).toBeVisible();
    await expect(page.locator(".field-error").getByText("Email address is required")).toBeVisible();
    await expect(page.locator(".field-error").getByText("Choose a subject from the list")).toBeVisible();
    await expect(page.locator(".field-error").getByText("Message is required")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("invalid input is shown again with errors, the rest kept", async ({ page }) => {
    const name = uniqueName("Kept");
    await page.goto("/contact");
    await page.getByLabel("Full Name").fill(name);
    await page.getByLabel("Email Address").fill("visitor-at-example");
    await page.getByLabel("Message", { exact: true }).fill("Please keep me");
    await page.getByRole("button", { name: "Send via WhatsApp" }).click();

    await expect(
      page.locator(".field-error").getByText("Enter a valid email address, like name@example.com"),
    ).toBeVisible();
    await expect(page.locator(".field-error").getByText("Choose a subject from the list")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue(name);
    await expect(page.getByLabel("Email Address")).toHaveValue("visitor-at-example");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Please keep me");
    expect(await enquiriesFrom(name)).toHaveLength(0);
  });

  test("Send via Email stores the enquiry, confirms it on the site and offers the prefilled mailto: draft", async ({
    page,
  }) => {
    const name = uniqueName("Email Visitor");
    await page.goto("/contact");
    await fillValid(page, name, "Media Inquiry");
    await page.getByRole("button", { name: "Send via Email" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Thank you, we have your message" })).toBeVisible();
    await expect(page).toHaveURL(/\/contact\/sent/);
    await expect(page.getByText("We will reply to visitor@example.com within 5 working days.")).toBeVisible();
    const location = (await page.getByRole("link", { name: "Open the e-mail draft" }).getAttribute("href"))!;
    expect(location.startsWith(`mailto:${site.email}?subject=Media%20Inquiry&body=`)).toBe(true);
    const body = decodeURIComponent(location.split("&body=")[1]);
    expect(body).toBe(
      `Name: ${name}\r\nEmail: visitor@example.com\r\n\r\nMessage:\r\nHello & welcome?\r\nA second line #2`,
    );
    await expect(page.getByRole("link", { name: "Chat on WhatsApp" })).toHaveAttribute(
      "href",
      new RegExp(`^https://wa.me/${site.whatsappNumber}\\?text=`),
    );

    const rows = await enquiriesFrom(name);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "visitor@example.com", subject: "media", channel: "email" });
  });

  test("the confirmation page is only for the browser that sent the message", async ({ browser }) => {
    const other = await browser.newPage();
    await other.goto("/contact/sent");
    await expect(other.getByRole("heading", { level: 1, name: "Your message was sent" })).toBeVisible();
    await expect(other.getByRole("link", { name: "Open the e-mail draft" })).toHaveCount(0);
    await other.close();
  });
});
