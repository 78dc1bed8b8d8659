// Volunteer applications, with JavaScript on and off: a visitor applies at
// /get-involved/volunteers, is acknowledged by e-mail (read from the outbox, as the mail log
// shows it: the e2e server has no SMTP_URL), is told what happens next, and staff find the
// application under Volunteers (the phone a tel: link) and mark it Contacted, e-mailing the
// applicant the kind e-mail whose words they edit. axe on the form (also refused), the thank-you
// page and the staff pages (the e-mails' page too).
import type { Page } from "@playwright/test";
import { signIn, test } from "./support/auth";
import { expect, expectNoAxeViolations, test as axeTest } from "./support/axe";
import { e2eDb, uniqueEmail, uniqueName } from "./support/db";

async function fillApplication(page: Page, name: string, email: string) {
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel(/Phone number/).fill("07700 900123");
  await page.getByLabel("Postcode district").fill("sw1a 1aa");
  await page.getByLabel("Availability").fill("Weekday evenings");
  await page.getByRole("checkbox", { name: "Translation" }).check();
  await page.getByLabel(/Relevant experience/).fill("Two years at a food bank");
  await page.getByLabel("Why would you like to join us?").fill("To help clinics abroad.");
  await page.getByRole("checkbox", { name: /I agree/ }).check();
}

test("a volunteer applies, is acknowledged by e-mail, and staff mark the application Contacted", async ({
  page,
  login,
}) => {
  const name = uniqueName("Applicant");
  const email = uniqueEmail("applicant");
  await page.goto("/get-involved/volunteers");
  await expect(page.getByRole("heading", { level: 1, name: "Volunteers" })).toBeVisible();
  await expect(page.getByText("Volunteers help us run fundraising events")).toBeVisible();

  // Refused first (no consent; then a district that is none, which only the server knows): the
  // errors lead the form and the input is kept.
  await fillApplication(page, name, email);
  await page.getByRole("checkbox", { name: /I agree/ }).uncheck();
  // By keyboard: leaving the box shows its message above the button, which moves away from a mouse.
  await page.getByRole("button", { name: "Send application" }).press("Enter");
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toContainText("Tick the box to agree");
  await expect(page.getByLabel("Full name")).toHaveValue(name);
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  await page.getByLabel("Postcode district").fill("XYZ123");
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(summary).toContainText("Enter a UK postcode district");
  await expect(page.getByLabel("Why would you like to join us?")).toHaveValue("To help clinics abroad.");

  await page.getByLabel("Postcode district").fill("sw1a 1aa");
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for applying" })).toBeVisible();
  await expect(page).toHaveURL(/\/get-involved\/volunteers\/applied$/);
  const next = page.getByRole("list").filter({ hasText: "reads every application" });
  await expect(page.getByRole("heading", { level: 2, name: "What happens next" })).toBeVisible();
  await expect(next.getByRole("listitem")).toHaveCount(3);

  const ack = await e2eDb()
    .selectFrom("outbox")
    .select(["subject", "text_body"])
    .where("to_address", "=", email)
    .where("kind", "=", "volunteer.ack")
    .executeTakeFirstOrThrow();
  expect(ack.subject).toMatch(/^We have your application/);
  expect(ack.text_body).toContain(`Dear ${name}`);

  await login();
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation").getByRole("link", { name: "Volunteers", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "Volunteers", level: 2 })).toBeVisible();
  await page.getByLabel("Search by name").fill(name);
  await page.getByLabel("Interest").selectOption({ label: "Translation" });
  await page.getByRole("button", { name: "Filter" }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("New");
  await expect(row).toContainText("SW1A");
  await row.getByRole("link", { name }).click();

  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByText("Two years at a food bank")).toBeVisible();
  await expect(page.getByRole("link", { name: "07700 900123" })).toHaveAttribute("href", "tel:+447700900123");
  await page.getByLabel(/Note/).fill("Phoned: coming in on Friday");
  await page.getByRole("checkbox", { name: "E-mail the applicant" }).check();
  await page.getByRole("button", { name: "Mark as Contacted" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Status changed, and the applicant has been e-mailed." }),
  ).toBeVisible();
  const kind = await e2eDb()
    .selectFrom("outbox")
    .select(["subject", "text_body"])
    .where("to_address", "=", email)
    .where("kind", "=", "volunteer.status")
    .executeTakeFirstOrThrow();
  expect(kind.subject).toMatch(/^About your application to /);
  expect(kind.text_body).toContain(`Dear ${name},`);
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toContainText("New → Contacted by");
  await expect(history).toContainText("Phoned: coming in on Friday");
  await expect(page.getByRole("button", { name: "Mark as Contacted" })).toHaveCount(0);

  const stored = await e2eDb()
    .selectFrom("volunteer_applications")
    .select(["status", "district"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  expect(stored).toEqual({ status: "contacted", district: "SW1A" });
});

// The light theme with every rule; each scan then judges the dark theme's colours on the same
// page, with JavaScript (darkColoursToo, tests/e2e/support/axe.ts), where the journey was walked again.
for (const theme of ["light"] as const) {
  axeTest.describe(`${theme} theme`, () => {
    axeTest.use({ theme, darkColoursToo: true });

    axeTest(
      "the application form (also refused), the thank-you page and the staff pages pass axe",
      async ({ axePage: page, baseURL }) => {
        await page.goto("/get-involved/internships");
        await expect(page.getByRole("button", { name: "Send application" })).toBeVisible();
        await expectNoAxeViolations(page);
        await page.getByRole("button", { name: "Send application" }).click();
        await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeVisible();
        await expectNoAxeViolations(page);

        const name = uniqueName("Axe");
        await fillApplication(page, name, uniqueEmail("axe"));
        await page.getByRole("button", { name: "Send application" }).click();
        await expect(page.getByRole("heading", { level: 1, name: "Thank you for applying" })).toBeVisible();
        await expectNoAxeViolations(page);

        await signIn(page.context(), baseURL!);
        await page.goto(`/admin/dashboard/volunteers?q=${encodeURIComponent(name)}`);
        await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
        await expectNoAxeViolations(page);
        await page.getByRole("link", { name }).click();
        await expect(page.getByRole("button", { name: "Mark as Contacted" })).toBeVisible();
        await expectNoAxeViolations(page);
        await page.getByRole("link", { name: "E-mails to applicants" }).click();
        await expect(page.getByRole("heading", { level: 2, name: "E-mails to applicants" })).toBeVisible();
        await page.getByLabel("Subject").first().fill("Hello {nam}");
        await page.getByRole("button", { name: "Save the Contacted e-mail" }).click();
        await expect(page.getByText("{nam} is not a placeholder").first()).toBeVisible();
        await expectNoAxeViolations(page);
      },
    );
  });
}
