// Appeals with goals: staff create an appeal in the Appeals section, its public page
// (linked from the staff page) shows the goal; a gift made from it is recorded against the appeal,
// and once staff record its payment the page shows it. axe on the new pages, both themes.
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/auth";
import { signIn } from "./support/auth";
import { expectNoAxeViolations, test as axeTest } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { e2eDb, uniqueEmail, uniqueSuffix } from "./support/db";
import { toLondonDay } from "~/utils/dates";
import { HYDRATED_ONLY } from "./support/projects";

async function ready(page: Page, testInfo: TestInfo) {
  if (testInfo.project.use.javaScriptEnabled !== false) await waitForHydration(page);
}

test("an appeal with a £5,000 goal: created by staff, given to from its page, its payment shown", async ({
  page,
  login,
}, testInfo) => {
  await login();
  const suffix = uniqueSuffix();
  const title = `Winter appeal ${suffix}`;
  const slug = `winter-${suffix.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

  await page.goto("/admin/dashboard/appeals");
  await ready(page, testInfo);
  await expect(page.getByRole("heading", { name: "Appeals", level: 2 })).toBeVisible();
  await page.getByRole("link", { name: "New appeal" }).click();
  await ready(page, testInfo);
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Address").fill(slug);
  await page.getByLabel("Story").fill("Keep the **clinics** warm this winter.");
  await page.getByLabel("Goal (£)").fill("5000");
  await page.getByRole("button", { name: "Create the appeal" }).click();
  await expect(page.getByRole("status").getByText("Appeal saved.")).toBeVisible();

  await page.getByRole("link", { name: `Public page: /appeals/${slug}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("£5,000", { exact: true })).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "£0 given of a £5,000 goal (0%)");

  await page.getByRole("link", { name: "Donate to this appeal" }).click();
  await expect(page).toHaveURL(new RegExp(`/donate\\?appeal=${slug}$`));
  await ready(page, testInfo);
  await expect(page.getByText(`Your gift goes to: ${title}`)).toBeVisible();
  const email = uniqueEmail("appeal");
  await page.getByLabel("Custom amount (£)").fill("120");
  await page.getByLabel("First name").fill("Jo");
  await page.getByLabel("Last name").fill("Bloggs");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Donate" }).click();
  await expect(page).toHaveURL(/\/donate\/thank-you\/CHA-/);

  const pledge = await e2eDb()
    .selectFrom("pledges")
    .innerJoin("appeals", "appeals.id", "pledges.appeal_id")
    .select(["pledges.id", "pledges.reference", "appeals.title"])
    .where("pledges.email", "=", email)
    .executeTakeFirstOrThrow();
  expect(pledge.title).toBe(title);

  // Not shown on the public page until the money arrives (anyone can pledge any amount).
  await page.goto(`/appeals/${slug}`);
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", /^£0 given/);
  await expect(page.getByRole("definition").filter({ hasText: "£120" })).toHaveCount(0);
  await expect(page.getByText("Promised")).toHaveCount(0);

  await page.goto(`/admin/dashboard/donations/${pledge.id}`);
  await ready(page, testInfo);
  await expect(page.getByText(`Appeal: ${title}`)).toBeVisible();
  await page.getByLabel("Date received").fill(toLondonDay(new Date()));
  await page.getByLabel("Amount (£)").fill("120");
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText("Payment recorded.")).toBeVisible();

  await page.goto(`/appeals/${slug}`);
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "£120 given of a £5,000 goal (2%)");
  await expect(page.getByText("£120 given of a £5,000 goal (2%)")).toBeVisible();

  // A visitor (no session) sees the same figures.
  const visitor = await page.context().browser()!.newContext({ baseURL: testInfo.project.use.baseURL });
  const anonymous = await visitor.newPage();
  await anonymous.goto(`/appeals/${slug}`);
  await expect(anonymous.getByText("£120 given of a £5,000 goal (2%)")).toBeVisible();
  await visitor.close();
});

async function closedAppeal() {
  const suffix = uniqueSuffix()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
  const at = new Date().toISOString();
  return e2eDb()
    .insertInto("appeals")
    .values({
      slug: `closed-${suffix}`,
      title: `Closed appeal ${suffix}`,
      story: "It ended. Thank you.",
      goal_pence: 100_000,
      is_open: 0,
      created_at: at,
      updated_at: at,
    })
    .returning(["id", "slug", "title"])
    .executeTakeFirstOrThrow();
}

test("a closed appeal says so and sends donors to the general fund", async ({ page }) => {
  const appeal = await closedAppeal();
  await page.goto(`/appeals/${appeal.slug}`);
  await expect(page.getByRole("heading", { name: "This appeal has closed" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Donate to this appeal" })).toHaveCount(0);
  await page.getByRole("link", { name: "Give to our general fund" }).click();
  await expect(page).toHaveURL(/\/donate$/);
  await page.goto(`/donate?appeal=${appeal.slug}`);
  await expect(page.getByText(`The ${appeal.title} has closed: your gift goes to our general fund.`)).toBeVisible();
});

// The light theme with every rule; each scan then judges the dark theme's colours on the same
// page, with JavaScript (darkColoursToo, tests/e2e/support/axe.ts), where the journey was walked again.
for (const theme of ["light"] as const) {
  axeTest.describe(`${theme} theme`, () => {
    axeTest.use({ theme, darkColoursToo: true });
    axeTest("axe: the appeal page and the staff Appeals pages", HYDRATED_ONLY, async ({ axePage: page, baseURL }) => {
      const appeal = await closedAppeal();
      await page.goto(`/appeals/${appeal.slug}`);
      await expect(page.getByRole("heading", { level: 1, name: appeal.title })).toBeVisible();
      await expectNoAxeViolations(page);
      await signIn(page.context(), baseURL!);
      for (const path of [
        "/admin/dashboard/appeals",
        `/admin/dashboard/appeals/${appeal.id}`,
        "/admin/dashboard/appeals/new",
      ]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });
  });
}
