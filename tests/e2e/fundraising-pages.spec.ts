// Supporters' fundraising and tribute pages: a supporter starts a page for an appeal from the
// appeal's page (Share My Day, the appeal chosen) and lands on a confirmation page; they are
// e-mailed a management link, through which they add a photo and change the story; staff find it
// under Fundraising pages; it is a 404 until approved, then public with its title, target, photo
// and share links; an owner's later edit leaves the public page answering 200 with the approved
// words until staff approve it; gifts through it belong to it and, once paid, count in the
// appeal's total.
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/auth";
import { signIn } from "./support/auth";
import { expectNoAxeViolations, test as axeTest } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { e2eDb, uniqueEmail, uniqueSuffix } from "./support/db";
import { linkInOutbox } from "./support/mail";
import { toLondonDay } from "~/utils/dates";
import { HYDRATED_ONLY } from "./support/projects";

async function openAppeal() {
  const suffix = uniqueSuffix()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
  const at = new Date().toISOString();
  return e2eDb()
    .insertInto("appeals")
    .values({
      slug: `spring-${suffix}`,
      title: `Spring appeal ${suffix}`,
      story: "Open the clinics in spring.",
      goal_pence: 500_000,
      is_open: 1,
      created_at: at,
      updated_at: at,
    })
    .returning(["id", "slug", "title"])
    .executeTakeFirstOrThrow();
}

async function ready(page: Page, testInfo: TestInfo) {
  if (testInfo.project.use.javaScriptEnabled !== false) await waitForHydration(page);
}

test("a Share My Day page for an appeal: started from the appeal, confirmed, 404 before approval, public after; an owner's edit waits while the page stays live; its paid gift counts in the appeal's total", async ({
  page,
  login,
}, testInfo) => {
  test.slow();
  const suffix = uniqueSuffix();
  const title = `Jo's birthday run ${suffix}`;
  const email = uniqueEmail("owner");
  const appeal = await openAppeal();

  // The appeal page's "Start fundraising for this appeal" is a plain link: the form opens with the appeal chosen.
  await page.goto(`/appeals/${appeal.slug}`);
  await ready(page, testInfo);
  await page.getByRole("link", { name: "Start fundraising for this appeal" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Share My Day" })).toBeVisible();
  await ready(page, testInfo);
  const start = page.getByRole("region", { name: "Start your page" });
  await expect(start.getByLabel("Raise money for one of our appeals (optional)")).toHaveValue(appeal.slug);
  await expect(page.getByText("How to take part")).toHaveCount(0);
  await start.getByLabel("Your name").fill("Jo Runner");
  await start.getByLabel("Your email address").fill(email);
  await start.getByLabel("The occasion (optional)").fill("My 40th birthday");
  await start.getByLabel("Page title").fill(title);
  await start.getByLabel("Target (£)").fill("300");
  await start.getByLabel("Your story").fill("I am running 40 km for my 40th.");
  await start.getByLabel("This is a sponsored event (a run, a swim, a challenge)").check();
  await start.getByRole("button", { name: "Start your page" }).click();
  // GOV.UK's confirmation: a panel at the top of its own page, with focus on it.
  await expect(page).toHaveURL(/\/get-involved\/share-my-day\/started#page-started$/);
  const panel = page.locator("#page-started");
  await expect(panel.getByRole("heading", { level: 1, name: "Your page is with our team" })).toBeVisible();
  // Focused with JavaScript (a focus call) and without (the address's fragment).
  await expect(panel).toBeFocused();
  expect((await panel.boundingBox())!.y).toBeLessThan(400);

  const manage = await linkInOutbox(email, "/fundraise/manage/");
  await page.goto(manage);
  await ready(page, testInfo);
  await expect(page.getByText("Waiting for review")).toBeVisible();
  // The owner adds a photo and changes the story through the same link (works without JavaScript).
  const edit = page.getByRole("region", { name: "Change your page" });
  await expect(edit.getByLabel("Page title")).toHaveValue(title);
  await edit.getByLabel("Your story").fill("I am running 40 km for my 40th, by the sea.");
  await edit.getByLabel("A photo (optional)").setInputFiles("public/images/share-default.png");
  await edit.getByLabel("Describe the photo (needed only if you add one)").fill("Jo at the start line");
  await edit.getByRole("button", { name: "Save the changes" }).click();
  await expect(page.getByRole("status").getByText("Saved. Our team will look at your page")).toBeVisible();
  await expect(page.getByRole("img", { name: "Jo at the start line" })).toBeVisible();
  // axe runs as a script: the page without JavaScript is the same markup.
  if (testInfo.project.use.javaScriptEnabled !== false) await expectNoAxeViolations(page);

  const { id, slug } = await e2eDb()
    .selectFrom("fundraising_pages")
    .select(["id", "slug"])
    .where("owner_email", "=", email)
    .executeTakeFirstOrThrow();
  const before = await page.goto(`/fundraise/${slug}`);
  expect(before?.status()).toBe(404);

  await login();
  await page.goto("/admin/dashboard/fundraising-pages");
  await ready(page, testInfo);
  await page.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/dashboard/fundraising-pages/${id}$`));
  await ready(page, testInfo);
  // No decision is ever chosen for staff.
  await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
  await page.getByLabel("Approve: make it public").check();
  await page.getByRole("button", { name: "Save the decision" }).click();
  await expect(page.getByText("Page approved: it is public now")).toBeVisible();
  await expect(page.getByText(/Page approved by/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Take it down now" })).toBeVisible();

  const after = await page.goto(`/fundraise/${slug}`);
  expect(after?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("£300", { exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: "Jo at the start line" })).toBeVisible();
  await expect(page.getByText("by the sea")).toBeVisible();
  await expect(page.getByRole("link", { name: appeal.title })).toBeVisible();
  await expect(page.getByRole("link", { name: "Share on WhatsApp" })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\?text=/,
  );
  await expect(page.getByRole("link", { name: "Share by e-mail" })).toHaveAttribute("href", /^mailto:\?subject=/);

  // The owner fixes a typo on the live page: the page stays public with the approved words until staff approve.
  await page.goto(manage);
  await ready(page, testInfo);
  await edit.getByLabel("Your story").fill("I am running 40 km for my 40th, by the North Sea.");
  await edit.getByRole("button", { name: "Save the changes" }).click();
  await expect(page.getByRole("status").getByText("Saved. Your page stays public as it was")).toBeVisible();
  const waiting = await page.goto(`/fundraise/${slug}`);
  expect(waiting?.status()).toBe(200);
  await expect(page.getByText("by the sea")).toBeVisible();
  await expect(page.getByText("North Sea")).toHaveCount(0);
  await page.goto(`/admin/dashboard/fundraising-pages/${id}`);
  await ready(page, testInfo);
  await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
  await page.getByLabel("Approve the change: the page shows it at once").check();
  await page.getByRole("button", { name: "Save the decision" }).click();
  await expect(page.getByRole("status").getByText("Change approved")).toBeVisible();
  await page.goto(`/fundraise/${slug}`);
  await expect(page.getByText("by the North Sea")).toBeVisible();

  await page.getByRole("link", { name: "Give to this page" }).click();
  await ready(page, testInfo);
  await expect(page.getByText(`Your gift goes to: ${title} (Jo Runner's page)`)).toBeVisible();
  // A gift through a page: one-time, for the page, no bank-details box that would not count for it.
  await expect(page.getByRole("radio", { name: "Monthly" })).toHaveCount(0);
  await expect(page.getByLabel("This donation is in honour or in memory of someone")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Bank transfer" })).toHaveCount(0);
  const donor = uniqueEmail("sponsor");
  await page.getByLabel("Custom amount (£)").fill("25");
  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Last name").fill("Sponsor");
  await page.getByLabel("Email address").fill(donor);
  await page.getByLabel("A message for the page (optional)").fill("Go Jo!");
  await page.getByRole("button", { name: "Donate" }).click();
  await expect(page).toHaveURL(/\/donate\/(thank-you|card)\/CHA-/);
  await expect(page.getByRole("link", { name: `Back to ${title}` })).toBeVisible();
  const pledge = await e2eDb()
    .selectFrom("pledges")
    .select(["id", "fundraising_page_id", "supporter_message"])
    .where("email", "=", donor)
    .executeTakeFirstOrThrow();
  expect(pledge).toMatchObject({ fundraising_page_id: id, supporter_message: "Go Jo!" });

  // Not in the appeal's total until the money arrives; then counted once.
  await page.goto(`/appeals/${appeal.slug}`);
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "£0 given of a £5,000 goal (0%)");
  await page.goto(`/admin/dashboard/donations/${pledge.id}`);
  await ready(page, testInfo);
  await page.getByLabel("Date received").fill(toLondonDay(new Date()));
  await page.getByLabel("Amount (£)").fill("25");
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText("Payment recorded.")).toBeVisible();
  await page.goto(`/appeals/${appeal.slug}`);
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "£25 given of a £5,000 goal (0%)");
  const top = page.getByRole("region", { name: "Supporters raising money for this appeal" });
  await expect(top.getByRole("link", { name: title })).toBeVisible();
  await expect(top.getByText("£25 raised")).toBeVisible();
});

test("the Start your page form refuses bad input field by field", async ({ page }, testInfo) => {
  await page.goto("/get-involved/memoriam");
  await ready(page, testInfo);
  const start = page.getByRole("region", { name: "Start your page" });
  await start.getByLabel("Your email address").fill("not-an-address");
  await start.getByLabel("Target (£)").fill("lots");
  await start.getByRole("button", { name: "Start your page" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeVisible();
  for (const message of ["Your name is required", "Page title is required", "Your story is required"]) {
    await expect(summary.getByRole("link", { name: message })).toBeVisible();
  }
  await expect(summary.getByRole("link", { name: /Enter a valid email address/ })).toBeVisible();
});

// The light theme with every rule; each scan then judges the dark theme's colours on the same
// page, with JavaScript (darkColoursToo, tests/e2e/support/axe.ts), where the journey was walked again.
for (const theme of ["light"] as const) {
  axeTest.describe(`${theme} theme`, () => {
    axeTest.use({ theme, darkColoursToo: true });
    axeTest(
      "axe: Share My Day with its form, a public page, the staff pages",
      HYDRATED_ONLY,
      async ({ axePage: page, baseURL }) => {
        const suffix = uniqueSuffix()
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-");
        const at = new Date().toISOString();
        const { id, slug } = await e2eDb()
          .insertInto("fundraising_pages")
          .values({
            slug: `tribute-${suffix}`,
            kind: "memoriam",
            owner_name: "Ann Example",
            owner_email: uniqueEmail("axe"),
            title: `For Grandad ${suffix}`,
            story: "He loved the sea.",
            target_pence: 50_000,
            in_memory_of: "Grandad",
            status: "approved",
            created_at: at,
            updated_at: at,
            approved_at: at,
          })
          .returning(["id", "slug"])
          .executeTakeFirstOrThrow();
        for (const path of ["/get-involved/share-my-day", `/fundraise/${slug}`]) {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await expectNoAxeViolations(page);
        }
        await signIn(page.context(), baseURL!);
        for (const path of ["/admin/dashboard/fundraising-pages", `/admin/dashboard/fundraising-pages/${id}`]) {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
          await expectNoAxeViolations(page);
        }
      },
    );
  });
}
