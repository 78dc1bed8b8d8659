// Supporters' fundraising and tribute pages: a supporter starts a page from Share My
// Day and is e-mailed a management link, through which they add a photo and change the story;
// staff find it under Fundraising pages; it is a 404 until approved, then public with its title,
// target and photo, and gifts through it belong to it.
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/auth";
import { signIn } from "./support/auth";
import { expectNoAxeViolations, test as axeTest } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { e2eDb, uniqueEmail, uniqueSuffix } from "./support/db";
import { linkInOutbox } from "./support/mail";

async function ready(page: Page, testInfo: TestInfo) {
  if (testInfo.project.use.javaScriptEnabled !== false) await waitForHydration(page);
}

test("a Share My Day page: started, e-mailed, 404 before approval, public after with its £300 target", async ({
  page,
  login,
}, testInfo) => {
  const title = `Jo's birthday run ${uniqueSuffix()}`;
  const email = uniqueEmail("owner");

  await page.goto("/get-involved/share-my-day");
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { level: 1, name: "Share My Day" })).toBeVisible();
  const start = page.getByRole("region", { name: "Start your page" });
  await start.getByLabel("Your name").fill("Jo Runner");
  await start.getByLabel("Your email address").fill(email);
  await start.getByLabel("The occasion (optional)").fill("My 40th birthday");
  await start.getByLabel("Page title").fill(title);
  await start.getByLabel("Target (£)").fill("300");
  await start.getByLabel("Your story").fill("I am running 40 km for my 40th.");
  await start.getByLabel("This is a sponsored event (a run, a swim, a challenge)").check();
  await start.getByRole("button", { name: "Start your page" }).click();
  await expect(page.getByRole("status").getByText("Thank you: check your e-mail")).toBeVisible();

  const manage = await linkInOutbox(email, "/fundraise/manage/");
  await page.goto(manage);
  await ready(page, testInfo);
  await expect(page.getByText("Waiting for review")).toBeVisible();
  // The owner adds a photo and changes the story through the same link (works without JavaScript).
  const edit = page.getByRole("region", { name: "Change your page" });
  await expect(edit.getByLabel("Page title")).toHaveValue(title);
  await edit.getByLabel("Your story").fill("I am running 40 km for my 40th, by the sea.");
  await edit.getByLabel("A photo (optional)").setInputFiles("public/images/share-default.png");
  await edit.getByLabel("Describe the photo (optional)").fill("Jo at the start line");
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
  await page.getByLabel("Approve: make it public").check();
  await page.getByRole("button", { name: "Save the decision" }).click();
  await expect(page.getByText("Page approved: it is public now")).toBeVisible();
  await expect(page.getByText(/Page approved by/)).toBeVisible();

  const after = await page.goto(`/fundraise/${slug}`);
  expect(after?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("£300", { exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: "Jo at the start line" })).toBeVisible();
  await expect(page.getByText("by the sea")).toBeVisible();

  await page.getByRole("link", { name: "Give to this page" }).click();
  await ready(page, testInfo);
  await expect(page.getByText(`Your gift goes to: ${title} (Jo Runner's page)`)).toBeVisible();
  const donor = uniqueEmail("sponsor");
  await page.getByLabel("Custom amount (£)").fill("25");
  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Last name").fill("Sponsor");
  await page.getByLabel("Email address").fill(donor);
  await page.getByLabel("A message for the page (optional)").fill("Go Jo!");
  await page.getByRole("button", { name: "Donate" }).click();
  await expect(page).toHaveURL(/\/donate\/thank-you\/CHA-/);
  const pledge = await e2eDb()
    .selectFrom("pledges")
    .select(["fundraising_page_id", "supporter_message"])
    .where("email", "=", donor)
    .executeTakeFirstOrThrow();
  expect(pledge).toEqual({ fundraising_page_id: id, supporter_message: "Go Jo!" });
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

for (const theme of ["light", "dark"] as const) {
  axeTest.describe(`${theme} theme`, () => {
    axeTest.use({ theme });
    axeTest("axe: Share My Day with its form, a public page, the staff pages", async ({ axePage: page, baseURL }) => {
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
    });
  });
}
